import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The outbox of issue 3: one row per message to one recipient on one channel, written in the caller's
 * transaction together with the job that delivers it. The row is the message's delivery record.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    /** Normalised: an e-mail address with a lower-case domain, or an E.164 number. */
    recipient: text('recipient').notNull(),
    locale: text('locale', { enum: ['en-us', 'sv', 'es'] }).notNull(),
    brand: text('brand').notNull(),
    /** The template's data; secret kinds have it erased once the message reached a final state. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Who pays its fee (texts) and whose sender sees it. */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    // The documents issue adds the foreign keys once its tables exist.
    documentId: text('document_id'),
    partyId: text('party_id'),
    /** Groups an invitation's messages (invitation, reminders, re-sends) for SPEC section 9's limit. */
    invitationId: text('invitation_id'),
    idempotencyKey: text('idempotency_key'),
    /** Files sent with an e-mail (the sealed PDF to each party), by storage key; texts carry a link instead. */
    attachments: jsonb('attachments').$type<{ storageKey: string; filename: string; contentType: string }[]>(),
    /** Whom to tell, by e-mail, when this document message cannot be delivered (the sender). */
    failureNotice: jsonb('failure_notice').$type<{ to: string; locale: 'en-us' | 'sv' | 'es'; documentName: string }>(),
    /** `sending`: handed to the provider, outcome not yet recorded (a crash there leaves it so). */
    state: text('state', { enum: ['queued', 'sending', 'sent', 'delivered', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    /** The provider's status as last reported (Twilio: queued, sent, delivered, undelivered…). */
    providerStatus: text('provider_status'),
    failureReason: text('failure_reason'),
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last attempt began: a retry after a crash looks for a provider copy sent since then. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    dataErasedAt: timestamp('data_erased_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('messages_idempotency_key_unique').on(table.idempotencyKey),
    uniqueIndex('messages_provider_message_unique').on(table.channel, table.providerMessageId),
    index('messages_party_idx').on(table.documentId, table.partyId),
    index('messages_invitation_idx').on(table.invitationId),
    index('messages_recipient_idx').on(table.recipient, table.createdAt),
    check('messages_attempts_non_negative', sql`${table.attempts} >= 0`),
  ],
);

/**
 * Fees billing charges later (SPEC section 9: SMS and WhatsApp messages, reminders included): one per
 * message the provider accepted, never two, in the account's currency.
 */
export const transactionFees = pgTable(
  'transaction_fees',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sms-message', 'whatsapp-message'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('transaction_fees_message_unique').on(table.messageId),
    index('transaction_fees_account_idx').on(table.accountId, table.createdAt),
    check('transaction_fees_amount_non_negative', sql`${table.amountMinor} >= 0`),
  ],
);
