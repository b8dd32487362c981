import { payeeAccountStatuses } from '@signlink/contracts/sign-pay/payee-account';
import { paymentTaxCodes, taxBehaviors } from '@signlink/contracts/sign-pay/payment-products';
import { signPayPaymentStatuses } from '@signlink/contracts/sign-pay/sign-pay';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { documentParties, documents } from './documents.ts';

/**
 * A Sign & Pay product (SPEC section 3 "Payment link / product"; issue 25, part 1): what a paying party pays, in the
 * account's currency. `priceMinor` is as entered, VAT included or excluded as `taxBehavior` says.
 */
export const paymentProducts = pgTable(
  'payment_products',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    taxCode: text('tax_code', { enum: paymentTaxCodes }).notNull(),
    taxBehavior: text('tax_behavior', { enum: taxBehaviors }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    allowMultipleUse: boolean('allow_multiple_use').notNull().default(true),
    /** Sent documents that ask for it; a single-use product is used up at one. */
    usedCount: integer('used_count').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_products_account_idx').on(table.accountId, table.createdAt),
    check('payment_products_price_positive', sql`${table.priceMinor} > 0`),
    check('payment_products_single_use', sql`${table.allowMultipleUse} or ${table.usedCount} <= 1`),
  ],
);

/**
 * The account's own Stripe account that Sign & Pay pays into (issue 25, part 2; Stripe Connect), and the tax code
 * the account asked to remember (SPEC "remember tax code").
 */
export const payeeAccounts = pgTable('payee_accounts', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** Stripe's `acct_…`, once made. */
  connectedAccountId: text('connected_account_id'),
  status: text('status', { enum: payeeAccountStatuses }).notNull().default('not-connected'),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  defaultTaxCode: text('default_tax_code', { enum: paymentTaxCodes }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One checkout of a paying party (issue 25, part 3): priced from the party's product when started, on the owner's
 * connected account. It moves open → paid, pending (awaiting settlement) → paid or failed, or open → cancelled /
 * failed; paid is final unless refunded (a payment that arrived after its document was withdrawn, or for a slot
 * another checkout had paid).
 */
export const signPayPayments = pgTable(
  'sign_pay_payments',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    partyId: text('party_id')
      .notNull()
      .references(() => documentParties.id, { onDelete: 'cascade' }),
    signatureIndex: integer('signature_index').notNull(),
    /** The document owner's account: who is paid. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => paymentProducts.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    taxCode: text('tax_code', { enum: paymentTaxCodes }).notNull(),
    vatPercent: integer('vat_percent').notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    status: text('status', { enum: signPayPaymentStatuses }).notNull().default('open'),
    connectedAccountId: text('connected_account_id').notNull(),
    providerSessionId: text('provider_session_id'),
    /** Stripe's PaymentIntent (`pi_…`): the audit trail's provider id, and what a refund names. */
    providerPaymentId: text('provider_payment_id'),
    providerRefundId: text('provider_refund_id'),
    /** Where the receipt goes: the verified address, or the party's own. */
    receiptEmail: text('receipt_email'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * The sealed payment record (issue 25, part 4): a PDF of its own naming the sealed document's SHA-256 and this
     * payment, sealed like the document, made once the payment is paid and the document sealed.
     */
    recordStorageKey: text('record_storage_key'),
    recordSha256: text('record_sha256'),
    recordSealedAt: timestamp('record_sealed_at', { withTimezone: true }),
    /** When it left open or pending for failed or cancelled. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sign_pay_payments_document_idx').on(table.documentId, table.createdAt),
    uniqueIndex('sign_pay_payments_session_unique').on(table.providerSessionId),
    // The verify page finds a payment record by its bytes' hash.
    index('sign_pay_payments_record_sha_idx').on(table.recordSha256),
    // A slot paid twice (two checkouts racing) is not refused here: the second is recorded and refunded.
    index('sign_pay_payments_party_idx').on(table.partyId),
    check('sign_pay_payments_total_is_sum', sql`${table.totalMinor} = ${table.netMinor} + ${table.vatMinor}`),
  ],
);
