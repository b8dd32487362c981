import type { PageText } from '@signlink/pdf/extract-text';

/** A source the assistant answers from: a document file or a knowledge file, its text per page. */
export interface AnswerSourceText {
  kind: 'document' | 'knowledge';
  title: string;
  pages: PageText[];
  /** The file's field labels with their page (document files only): what each field asks for, never its value. */
  fieldLabels?: { page: number; label: string }[];
}

/** A piece of a page small enough to quote: what retrieval ranks and the model reads. */
export interface Passage {
  id: number;
  kind: 'document' | 'knowledge';
  title: string;
  /** 1-based. */
  page: number;
  text: string;
  isFieldLabel: boolean;
}

/** A quote a visitor reads in one look; longer sentences are cut at a word. */
const maxPassageChars = 400;
/** Sentences per passage, and the step between passages: neighbours overlap so an answer split by a window is kept. */
const sentencesPerPassage = 3;
const sentenceStep = 2;

function sentencesOf(text: string): string[] {
  const flat = text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!flat) return [];
  // After ., ! or ? (and a closing quote) followed by a space: good enough for en, sv and es prose.
  return flat.split(/(?<=[.!?…][”"»)]?)\s+(?=[^a-zà-ÿ\s])/u).filter((sentence) => sentence.trim().length > 0);
}

function capped(text: string): string {
  if (text.length <= maxPassageChars) return text;
  const cut = text.slice(0, maxPassageChars);
  const space = cut.lastIndexOf(' ');
  return `${space > maxPassageChars / 2 ? cut.slice(0, space) : cut}…`;
}

/** Each page split into overlapping windows of sentences; each field label a passage of its own. */
export function passagesOf(sources: readonly AnswerSourceText[]): Passage[] {
  const passages: Passage[] = [];
  const add = (source: AnswerSourceText, page: number, text: string, isFieldLabel: boolean) =>
    passages.push({ id: passages.length, kind: source.kind, title: source.title, page, text, isFieldLabel });
  for (const source of sources) {
    for (const { page, text } of source.pages) {
      const sentences = sentencesOf(text);
      for (let start = 0; start < sentences.length; start += sentenceStep) {
        add(source, page, capped(sentences.slice(start, start + sentencesPerPassage).join(' ')), false);
        if (start + sentencesPerPassage >= sentences.length) break;
      }
    }
    for (const field of source.fieldLabels ?? []) add(source, field.page, field.label, true);
  }
  return passages;
}
