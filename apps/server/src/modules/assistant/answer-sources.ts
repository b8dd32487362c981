import { buffer } from 'node:stream/consumers';
import type { PageText } from '@signlink/pdf/extract-text';
import { type Storage, StorageNotFoundError } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import { listDocumentFiles } from '../document-core/document-parts.repository.ts';
import { findDocumentFileTexts, insertDocumentFileText, listKnowledgeFiles } from './assistant.repository.ts';
import type { AnswerSourceText } from './passages.ts';

export interface AnswerSourceDeps {
  db: Database;
  storage: Storage;
  pdf: PdfPool;
}

/**
 * A file's text, extracted in the PDF workers and kept. A file whose bytes are missing or cannot be read gives no
 * text, and is not kept, so the assistant still answers from the rest and tries again next time.
 */
async function extractFileText(
  deps: AnswerSourceDeps,
  input: { documentId: string; file: { id: string; storageKey: string } },
): Promise<PageText[]> {
  let pages: PageText[];
  try {
    const bytes = new Uint8Array(await buffer(await deps.storage.get({ key: input.file.storageKey })));
    pages = await deps.pdf.extractText(bytes, { owner: `document:${input.documentId}`, lane: 'internal' });
  } catch (error) {
    if (error instanceof StorageNotFoundError || error instanceof AppError) return [];
    throw error;
  }
  await insertDocumentFileText(deps.db, { documentFileId: input.file.id, pages });
  return pages;
}

/**
 * What the assistant may answer from (issue 28, part 4): the document's files (text per page, extracted once in the
 * PDF workers and kept; their fields' labels, never their values) and the owner's knowledge files. Nothing else: no
 * other document, no party's answers, nothing of the account.
 */
export async function loadAnswerSources(deps: AnswerSourceDeps, documentId: string): Promise<AnswerSourceText[]> {
  const [files, knowledge] = await Promise.all([
    listDocumentFiles(deps.db, documentId),
    listKnowledgeFiles(deps.db, documentId),
  ]);
  const texts = await findDocumentFileTexts(
    deps.db,
    files.map((file) => file.id),
  );
  const sources: AnswerSourceText[] = [];
  for (const file of files) {
    const pages = texts.get(file.id) ?? (await extractFileText(deps, { documentId, file }));
    const fieldLabels = file.rules.fields.flatMap((field) =>
      field.label?.trim() ? [{ page: field.page, label: field.label.trim() }] : [],
    );
    // A file's title is its name without `.pdf` (file-title.ts); an answer names the file as the visitor saw it.
    const title = /\.pdf$/i.test(file.title) ? file.title : `${file.title}.pdf`;
    sources.push({ kind: 'document', title, pages, fieldLabels });
  }
  for (const file of knowledge) sources.push({ kind: 'knowledge', title: file.fileName, pages: file.pages });
  return sources;
}
