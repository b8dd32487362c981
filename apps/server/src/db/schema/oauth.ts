import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/**
 * An OAuth app (SPEC section 3 "Application (OAuth)"; issue 26, part 5): a company's integration that users of any
 * account may authorise to act for them. Its id is the public client id; only a SHA-256 of its secret is kept (256
 * random bits, shown once, as API clients' secrets).
 */
export const oauthApps = pgTable(
  'oauth_apps',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('oauth_apps_account_idx').on(table.accountId, table.createdAt)],
);

/** A redirect URI an app registered: an authorisation must name one of its live ones exactly, byte for byte. */
export const oauthRedirectUris = pgTable(
  'oauth_redirect_uris',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => oauthApps.id, { onDelete: 'cascade' }),
    uri: text('uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('oauth_redirect_uris_app_idx').on(table.appId)],
);

/**
 * A user's consent that an app acts for one of their accounts with these scopes. Revoking it ends every token, code
 * and session issued under it at once.
 */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => oauthApps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('oauth_grants_user_idx').on(table.userId, table.createdAt),
    index('oauth_grants_app_idx').on(table.appId),
  ],
);

/** An authorisation code: only its SHA-256 is kept; used once (`used_at`), for about a minute, with its PKCE challenge. */
export const oauthAuthorizationCodes = pgTable(
  'oauth_authorization_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    codeChallenge: text('code_challenge').notNull(),
    codeChallengeMethod: text('code_challenge_method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('oauth_authorization_codes_grant_idx').on(table.grantId)],
);

/**
 * A refresh token, kept as its SHA-256. Each use rotates it (`used_at`) for a new one of the same family; a used one
 * presented again means it leaked, and revokes the grant with everything issued under it.
 */
export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    /** The code exchange that began the chain of rotations. */
    familyId: text('family_id').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('oauth_refresh_tokens_grant_idx').on(table.grantId),
    index('oauth_refresh_tokens_family_idx').on(table.familyId),
  ],
);
