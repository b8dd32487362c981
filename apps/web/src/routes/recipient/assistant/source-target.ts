import type { AnswerSource } from '@signlink/contracts/assistant/assistant-settings';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';

export interface PageTarget {
  fileIndex: number;
  page: number;
}

/** Titles as a person reads them: the server may name a file with its ".pdf" or in another case. */
const normalTitle = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/\.pdf$/, '');

/** The viewer's page a source points at: a page of one of the link's files; knowledge files are not shown there. */
export function findSourcePage(source: AnswerSource, files: LinkAccessResponse['Documents']): PageTarget | null {
  if (source.Kind !== 'document') return null;
  const fileIndex = files.findIndex((file) => normalTitle(file.Title) === normalTitle(source.Title));
  const file = files[fileIndex];
  if (!file || source.Page > file.PageCount) return null;
  return { fileIndex, page: source.Page };
}
