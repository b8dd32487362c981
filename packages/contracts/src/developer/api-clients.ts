/**
 * API clients (SPEC section 3 "API client / key"; issue 26, part 1): a company's own systems calling the same routes
 * as the web app. `full` may do what its maker may; `read` only reads (GET). Schemas of the client routes live beside
 * this file with the routes.
 */
export const apiClientAccessLevels = ['full', 'read'] as const;
export type ApiClientAccessLevel = (typeof apiClientAccessLevels)[number];

/** The prefix of a client id, so a Basic header is told from the web client's by its user name alone. */
export const apiClientIdPrefix = 'cli';
