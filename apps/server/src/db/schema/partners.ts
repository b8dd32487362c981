import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/**
 * A partner's invitation of a new customer account by e-mail (SPEC sections 2 "add customer account", 6
 * "partners add customer accounts", 7 `account/invite` and `account/invite/personal`). The invitee creates the
 * account themselves: a company proves its organisation number with BankID (so only Swedish companies can be
 * invited as company accounts, SPEC section 5), a person gets a personal account. The new account remembers the
 * partner that brought it.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: text('id').primaryKey(),
    partnerAccountId: text('partner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['company', 'personal'] }).notNull(),
    email: text('email').notNull(),
    /** The 10-digit organisation number a company invitation's invitee must prove; empty for a personal one. */
    orgNumber: text('org_number'),
    /** The name the partner gave, shown to the invitee; the registry's legal name wins once proven. */
    name: text('name'),
    locale: text('locale', { enum: ['en-us', 'sv', 'es'] })
      .notNull()
      .default('en-us'),
    status: text('status', { enum: ['pending', 'cancelled', 'accepted'] })
      .notNull()
      .default('pending'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAccountId: text('created_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'account_invitations_company_has_org_number',
      sql`(${table.kind} = 'company') = (${table.orgNumber} is not null)`,
    ),
    // One pending invitation per partner, address and company: a second invite reminds instead.
    uniqueIndex('account_invitations_pending_unique')
      .on(table.partnerAccountId, table.kind, sql`lower(${table.email})`, sql`coalesce(${table.orgNumber}, '')`)
      .where(sql`${table.status} = 'pending'`),
    index('account_invitations_partner_idx').on(table.partnerAccountId),
  ],
);

/**
 * A partner's referral link (SPEC sections 3, 4 and 6): people who register through it are attributed to the
 * partner, and their new account gets a gift-card value (DECISIONS: SEK 100 / EUR 10 unless the link sets
 * another). Once disabled, no one can register through it. The referral programme is activated by the provider,
 * so links are made by the operator (and the demo seed), not through the API.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    /** The code in the shared URL: upper-case, unguessable. */
    id: text('id').primaryKey(),
    partnerAccountId: text('partner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** In minor units of `currency`; empty means the default of DECISIONS. */
    giftCardValueMinor: bigint('gift_card_value_minor', { mode: 'number' }),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    registrations: integer('registrations').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'referral_links_gift_non_negative',
      sql`${table.giftCardValueMinor} is null or ${table.giftCardValueMinor} >= 0`,
    ),
    index('referral_links_partner_idx').on(table.partnerAccountId),
  ],
);
