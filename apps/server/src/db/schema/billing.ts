import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { referralLinks } from './partners.ts';

/**
 * A gift card (SPEC sections 3 and 5): a code worth a value in one currency until its expiry, activated once. A
 * personal card names the one user who may activate it. `usedByAccountId` and `usedAt` are set by the activation,
 * in the transaction that credits the account.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: text('id').primaryKey(),
    /** Upper-case letters and digits, without the dashes it is printed with. */
    code: text('code').notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    /** Null: the card never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    personalUserId: text('personal_user_id').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    usedByAccountId: text('used_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    usedByUserId: text('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('gift_cards_code_unique').on(table.code),
    check('gift_cards_value_positive', sql`${table.valueMinor} > 0`),
    index('gift_cards_personal_idx').on(table.personalUserId),
    index('gift_cards_used_by_idx').on(table.usedByAccountId),
  ],
);

/** A campaign (SPEC sections 3 and 7): activated once per account until `validUntil`, its credit lasting days. */
export const campaigns = pgTable(
  'campaigns',
  {
    /** The id in the campaign's address: upper-case, unguessable. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    creditMinor: bigint('credit_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    creditValidDays: integer('credit_valid_days').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('campaigns_credit_positive', sql`${table.creditMinor} > 0`),
    check('campaigns_credit_days_positive', sql`${table.creditValidDays} > 0`),
  ],
);

/**
 * One voucher credit on an account: a gift card's, a campaign's (this row is the campaign's activation) or a
 * referral sign-up's. Its ledger lines (`balance_entries.voucher_credit_id`) are the credit, what documents drew
 * from it and gave back, and its expiry; their sum is what remains. Past `expiresAt` it counts as zero.
 */
export const voucherCredits = pgTable(
  'voucher_credits',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['gift-card', 'campaign', 'referral'] }).notNull(),
    /** The gift card's code, the campaign's name, or the referral link's name, as the account sees it. */
    name: text('name').notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedByUserId: text('activated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    giftCardId: text('gift_card_id').references(() => giftCards.id, { onDelete: 'restrict' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    referralLinkId: text('referral_link_id').references(() => referralLinks.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('voucher_credits_value_positive', sql`${table.valueMinor} > 0`),
    index('voucher_credits_account_idx').on(table.accountId),
    // A card credits once; a campaign once per account (the second line of defence behind the row locks).
    uniqueIndex('voucher_credits_gift_card_unique').on(table.giftCardId),
    uniqueIndex('voucher_credits_campaign_account_unique').on(table.campaignId, table.accountId),
    index('voucher_credits_expiry_idx').on(table.expiresAt),
  ],
);
