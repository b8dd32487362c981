/** What the web app shows: `app` (its texts) and `errors` (SPEC section 8 messages, shared with the server). */
export const webNamespaces = ['app', 'errors'] as const;
export type WebNamespace = (typeof webNamespaces)[number];
