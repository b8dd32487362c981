import type { Locale } from '@signlink/contracts/locales';
import type { DocumentRow } from './document-rows.repository.ts';

/** The recipient side's language: the document's, or English when the sender chose it (SPEC section 3 settings). */
export function documentLocaleOf(document: Pick<DocumentRow, 'language' | 'settings'>): Locale {
  return document.settings.englishLanguage ? 'en-us' : document.language;
}
