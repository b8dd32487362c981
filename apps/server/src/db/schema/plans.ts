import { pricePlanIds } from '@signlink/contracts/billing/price-list';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { payments } from './payments.ts';

/**
 * A company account's price plan (SPEC sections 3, 4 and 9): a size, bought for `years` from `startsAt` to
 * `endsAt`, prepaid excluding VAT, by card (a Stripe payment) or by invoice. Each plan year gives
 * `signaturesPerYear` signatures, counted in `signaturesUsed` for the year from `yearStartsAt` (unused ones lapse when
 * the year ends). Active until `endsAt`; cancelled is still usable until then; the renewal job makes the next term
 * (a new row, `renewalOf` this one) unless cancelled. One live plan per account.
 */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: text('plan_id', { enum: pricePlanIds }).notNull(),
    years: integer('years').notNull(),
    signaturesPerYear: integer('signatures_per_year').notNull(),
    /** What one year costs, excluding VAT, in the account's currency, at the time of ordering. */
    yearlyFeeMinor: bigint('yearly_fee_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    paymentMethod: text('payment_method', { enum: ['card', 'invoice'] }).notNull(),
    /**
     * pending: ordered by card, not paid yet (never counted as a plan); active; cancelled: usable until `endsAt`,
     * not renewed; ended: past `endsAt` (renewed or not).
     */
    status: text('status', { enum: ['pending', 'active', 'cancelled', 'ended'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    yearStartsAt: timestamp('year_starts_at', { withTimezone: true }).notNull(),
    signaturesUsed: integer('signatures_used').notNull().default(0),
    /** The card payment that bought it; empty for an invoice plan or one a partner set up. */
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    renewalOf: text('renewal_of'),
    orderedBy: text('ordered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('plan_subscriptions_years_range', sql`${table.years} between 1 and 10`),
    check('plan_subscriptions_used_range', sql`${table.signaturesUsed} >= 0`),
    check('plan_subscriptions_period', sql`${table.endsAt} > ${table.startsAt}`),
    // One live plan per account: a second order while one is active or cancelled-but-running is refused.
    uniqueIndex('plan_subscriptions_one_live')
      .on(table.accountId)
      .where(sql`${table.status} in ('active', 'cancelled')`),
    // A term is renewed once, whatever races to renew it.
    uniqueIndex('plan_subscriptions_renewed_once').on(table.renewalOf),
    index('plan_subscriptions_due_idx').on(table.endsAt).where(sql`${table.status} in ('active', 'cancelled')`),
  ],
);

/**
 * An invoice to an invoice customer (SPEC section 9: 10 days net, 8% late interest): numbered from one sequence,
 * with an OCR reference carrying its check digit (Luhn, as Swedish bankgiro OCR), sent to the account's invoice
 * e-mail. Written once; `paidAt` is set when the payment is registered.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ocrReference: text('ocr_reference').notNull(),
    description: text('description').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    vatPercent: integer('vat_percent').notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    /** Who is billed, as printed: legal name, invoice address and e-mail at the time. */
    buyerName: text('buyer_name').notNull(),
    buyerAddress: text('buyer_address'),
    invoiceEmail: text('invoice_email').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    planSubscriptionId: text('plan_subscription_id').references(() => planSubscriptions.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_ocr_unique').on(table.ocrReference),
    index('invoices_account_idx').on(table.accountId, table.issuedAt),
    check('invoices_total_is_sum', sql`${table.totalMinor} = ${table.subtotalMinor} + ${table.vatMinor}`),
  ],
);
