import { z } from 'zod';

/**
 * API clients (SPEC section 3 "API client / key"; issue 26, part 1): a company's own systems calling the same routes
 * as the web app. `full` may do what its maker may; `read` only reads (GET). Schemas of the client routes live beside
 * this file with the routes.
 */
export const apiClientAccessLevels = ['full', 'read'] as const;
export type ApiClientAccessLevel = (typeof apiClientAccessLevels)[number];

/** The prefix of a client id, so a Basic header is told from the web client's by its user name alone. */
export const apiClientIdPrefix = 'cli';

export const apiClientNameMaxLength = 100;

/** SPEC section 3 "API client / key", as the list shows it: never the secret, only its last characters. */
export const ZApiClient = z.object({
  ClientId: z.string(),
  Name: z.string(),
  AccessLevel: z.enum(apiClientAccessLevels),
  /** ISO 8601, UTC. */
  Created: z.string(),
  /** ISO 8601, UTC, to the minute; null until first used. */
  LastUsed: z.string().nullable(),
  /** The secret's last four characters, to tell keys apart. */
  SecretHint: z.string(),
  /** ISO 8601, UTC; null while the client works. */
  Revoked: z.string().nullable(),
});
export type ApiClient = z.infer<typeof ZApiClient>;

export const ZApiClientsResponse = z.object({ Clients: z.array(ZApiClient) });
export type ApiClientsResponse = z.infer<typeof ZApiClientsResponse>;

export const ZCreateApiClientRequest = z.object({
  Name: z.string().trim().min(1).max(apiClientNameMaxLength),
  AccessLevel: z.enum(apiClientAccessLevels),
});
export type CreateApiClientRequest = z.infer<typeof ZCreateApiClientRequest>;

/** The one answer that carries the secret: it is kept only as a hash, so it cannot be shown again. */
export const ZCreatedApiClient = ZApiClient.extend({ Secret: z.string() });
export type CreatedApiClient = z.infer<typeof ZCreatedApiClient>;

export const ZUpdateApiClientRequest = ZCreateApiClientRequest;
export type UpdateApiClientRequest = z.infer<typeof ZUpdateApiClientRequest>;

export const ZApiClientIdParams = z.object({ id: z.string().min(1).max(64) });
export type ApiClientIdParams = z.infer<typeof ZApiClientIdParams>;
