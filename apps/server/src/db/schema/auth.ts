import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { apiClients } from './developer.ts';
import { oauthGrants } from './oauth.ts';

/**
 * A signed-in user's session. The access token names it, so revoking the row (logout, a removed user)
 * ends the token at once, whatever its expiry says (issue 5, security figures).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account the user acts for now; switching accounts issues a new session. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** How the user got in: password, pin, bankid; `api-client` for a token an API client was given, `oauth` for an app's. */
    method: text('method').notNull(),
    /** Set when an API client holds the token: it acts as its maker, within its access level (issue 26). */
    apiClientId: text('api_client_id').references(() => apiClients.id, { onDelete: 'cascade' }),
    /** Set when an OAuth app holds the token: it acts for the consenting user under this grant (issue 26). */
    oauthGrantId: text('oauth_grant_id').references(() => oauthGrants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * SMS and e-mail codes (DECISIONS: SMS 4 digits, e-mail 6 characters, 10 minutes, 5 wrong tries). Only a
 * keyed hash of the code is kept. The browser holds `token`, which names the code without revealing it.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    purpose: text('purpose').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** E.164 phone number or lower-case e-mail address. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    /** What the code unlocks when right: a registration, a user. */
    subject: jsonb('subject').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('one_time_codes_token_unique').on(table.token),
    // The send limit counts a destination's codes of the last 15 minutes.
    index('one_time_codes_destination_idx').on(table.destination, table.createdAt),
  ],
);

/**
 * A sign-up by phone in progress (SPEC section 2: phone, code, PIN, e-mail, code). The user exists only
 * when the last step is done, so an abandoned sign-up holds no phone number or e-mail hostage.
 */
export const registrations = pgTable('registrations', {
  id: text('id').primaryKey(),
  phone: text('phone').notNull(),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  pinHash: text('pin_hash'),
  email: text('email'),
  /** The person's name, asked with the e-mail. */
  name: text('name'),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  locale: text('locale', { enum: ['en-us', 'sv', 'es'] }).notNull(),
  attribution: jsonb('attribution').$type<Record<string, string>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** A PIN reset link sent by SMS or e-mail (SPEC section 7 `account/pin/reset/{id}`); single use, expiring. */
export const pinResets = pgTable('pin_resets', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
