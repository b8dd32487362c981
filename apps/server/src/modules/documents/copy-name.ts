import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';

/** A draft's title is at most 200 characters (ZSaveDraftRequest): a copy's name must fit too. */
const titleMaxLength = 200;

/** "Copy of {{name}}" and "Copy of {{name}} ({{number}})" in one language, and their reading backwards. */
export interface CopyWords {
  first: (name: string) => string;
  /** `number` is a string only where the name is read backwards (a marker in place of the digits). */
  numbered: (name: string, number: number | string) => string;
}

export function copyWordsOf(locale: Locale): CopyWords {
  const t = createTranslator(locale);
  return {
    first: (name) => t('messages:documentCopies.first', { name }),
    numbered: (name, number) => t('messages:documentCopies.numbered', { name, number }),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name a copy's name was made from ("Copy of Lease (2)" → "Lease"), or the title itself. */
function originalNameOf(title: string, words: CopyWords): string {
  const [before = '', after = ''] = words.first('\u0000').split('\u0000');
  const numbered = escapeRegExp(words.numbered('\u0000', '\u0001')).replace('\u0000', '(.+)').replace('\u0001', '\\d+');
  const match =
    new RegExp(`^${numbered}$`, 's').exec(title) ??
    new RegExp(`^${escapeRegExp(before)}(.+)${escapeRegExp(after)}$`, 's').exec(title);
  return match?.[1] ?? title;
}

/**
 * A duplicate's name in the document's language: "Copy of Lease", then "Copy of Lease (2)", (3) … for the next copies,
 * of Lease or of one of its copies alike, so a copy of a copy never reads "Copy of Copy of". `takenTitles` are the
 * caller's document names; the first free one is chosen. A long name is shortened to keep the copy within the limit.
 */
export function nameCopy(input: { title: string; words: CopyWords; takenTitles: ReadonlySet<string> }): string {
  const { words, takenTitles } = input;
  const name = originalNameOf(input.title, words);
  const fit = (make: (shown: string) => string) => {
    const text = make(name);
    const over = text.length - titleMaxLength;
    return over <= 0 ? text : make(`${name.slice(0, name.length - over - 1)}…`);
  };
  for (let number = 1; ; number += 1) {
    const candidate = number === 1 ? fit(words.first) : fit((shown) => words.numbered(shown, number));
    if (!takenTitles.has(candidate)) return candidate;
  }
}

/** What the names of the copies of `title` start with ("Copy of Lease"), to find those already taken. */
export function copyPrefixOf(title: string, words: CopyWords): string {
  const [before = ''] = words.first('\u0000').split('\u0000');
  return `${before}${originalNameOf(title, words)}`;
}
