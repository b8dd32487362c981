import { paymentKinds, paymentStatuses } from '@signlink/contracts/billing/top-up';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/**
 * A card payment through Stripe Checkout (SPEC sections 3 and 9): what was charged, priced by us, and where it
 * stands. It only moves forward: pending, then paid, failed or expired; paid is final, and the balance is credited
 * in the transaction that makes it paid (modules/billing/apply-checkout-session.ts).
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    /** What was bought: the plan size (`SMALL`…) of a plan, the add-on id of an add-on; empty for a top-up. */
    productId: text('product_id'),
    /** A plan's years, from `periodStart`; an add-on's one year. Empty for a top-up. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Excluding VAT: what a top-up credits to the balance. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    vatPercent: integer('vat_percent').notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    /** What the card is charged; Stripe's session total must equal it before anything is credited. */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    /** Stripe's Checkout Session id, once it was created (`cs_…`). */
    providerSessionId: text('provider_session_id'),
    /** Stripe's invoice id (`in_…`) for a payment billed by invoice rather than Checkout: a plan renewed by card. */
    providerInvoiceId: text('provider_invoice_id'),
    /**
     * A plan's renewal by card: the renewed plan is already active (the renewal job made it), so being paid delivers
     * nothing more than the receipt; fulfilment must not start another plan.
     */
    isRenewal: boolean('is_renewal').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it left pending for failed or expired. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_provider_session_unique').on(table.providerSessionId),
    uniqueIndex('payments_provider_invoice_unique').on(table.providerInvoiceId),
    index('payments_account_idx').on(table.accountId, table.createdAt),
    // The reconciliation job's question: pending payments, oldest first.
    index('payments_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check('payments_total_is_sum', sql`${table.totalMinor} = ${table.amountMinor} + ${table.vatMinor}`),
  ],
);

/** Every Stripe event received, by its id: a replay (same id) finds its row and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** Our payment the event's session named, when it named one of ours. */
  paymentId: text('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
  /** Our Sign & Pay payment (schema/sign-pay.ts) the event's session named; no foreign key, as that file is later. */
  signPayPaymentId: text('sign_pay_payment_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A receipt per paid payment (SPEC section 3, Receipt), written with the payment's move to paid and never changed.
 * `number` is one sequence for all accounts: a number is never reused (a rolled-back one leaves a gap).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: text('id').primaryKey(),
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['card'] }).notNull(),
    description: text('description').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    vatPercent: integer('vat_percent').notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    /** Who was charged, as the receipt prints it (the account's legal name or name at the time). */
    buyerName: text('buyer_name').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** SPEC section 3, Receipt "period, renews/ends": a plan's or add-on's period; empty for a top-up. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Whether the period renews at `periodEnd` (a plan not cancelled) or ends there. */
    renews: boolean('renews'),
  },
  (table) => [
    uniqueIndex('receipts_number_unique').on(table.number),
    // One receipt per payment, whatever races to write it.
    uniqueIndex('receipts_payment_unique').on(table.paymentId),
    index('receipts_account_idx').on(table.accountId, table.paidAt),
  ],
);
