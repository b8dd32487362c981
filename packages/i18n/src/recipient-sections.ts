/**
 * The sections of the `app` texts that a document link's page shows (apps/web recipient-app.tsx: the gate, the
 * document, signing, the dialogs and the frame around them). That page fetches only these, in its one language
 * (issue 8: a recipient's phone loads at most 280 KB of JavaScript before the first page); the web build cuts them
 * from the same locale files (apps/web vite.config.ts), and apps/web checks that the page's code asks for no other
 * section (recipient-texts.test.ts). The app's own pages shown there (a failed or closed link's) fetch the rest.
 */
export const recipientAppSections = [
  'brand',
  'common',
  'language',
  'a11y',
  'header',
  'footer',
  'cookies',
  'states',
  'dialogs',
  'maintenance',
  'api',
  'debug',
  'session',
  'bankId',
  'recipient',
  'recipientDocument',
  'idScan',
  'signPay',
  'recipientAssistant',
  'browsers',
] as const;

/** The import query that asks the web build for a locale's `app.json` cut to these sections. */
export const recipientTextsQuery = 'recipient';

/** `app` cut to the recipient's sections; what the build emits, and what tests compare with. */
export function pickRecipientSections(app: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(recipientAppSections.filter((name) => name in app).map((name) => [name, app[name]]));
}
