/**
 * The API's times are UTC ISO strings; people read them in their own language's format and their own time zone.
 * A Swedish date (2026-11-23) keeps its hyphens on one line (non-breaking), as the settings lists do.
 */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
    .format(new Date(iso))
    .replaceAll('-', '\u2011');
}

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso)).replaceAll('-', '\u2011');
}
