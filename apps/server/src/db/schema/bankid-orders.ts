import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * BankID orders (issue 4, part 3): everything about an order lives here, never only in memory, so any
 * API process can answer the browser's refresh. The browser holds only `clientAccessKey`.
 */
export const bankIdOrders = pgTable(
  'bankid_orders',
  {
    id: text('id').primaryKey(),
    /** The browser's handle on the order: random, unguessable. */
    clientAccessKey: text('client_access_key').notNull(),
    purpose: text('purpose').notNull(),
    /** `auth` identifies, `sign` signs `userVisibleData` (a document, for a link's signature slot). */
    kind: text('kind', { enum: ['auth', 'sign'] })
      .notNull()
      .default('auth'),
    /** For recipient access and signing: the link the order is for. */
    linkId: text('link_id'),
    /** The recipient page's own token (SPEC section 7 `requestToken`), to tie the order to that page. */
    requestToken: text('request_token'),
    /** What the user was shown to sign, as sent to BankID: part of the evidence. */
    userVisibleData: text('user_visible_data'),
    orderRef: text('order_ref').notNull(),
    autoStartToken: text('auto_start_token').notNull(),
    qrStartToken: text('qr_start_token').notNull(),
    /** Never leaves the server: the QR code is computed here every second. */
    qrStartSecret: text('qr_start_secret').notNull(),
    endUserIp: text('end_user_ip').notNull(),
    status: text('status', { enum: ['pending', 'failed', 'complete', 'cancelled'] })
      .notNull()
      .default('pending'),
    hintCode: text('hint_code'),
    /** BankID's completionData (user, device, signature, OCSP response): evidence for the audit trail. */
    completionData: jsonb('completion_data').$type<Record<string, unknown>>(),
    /** When the order started at BankID: the QR code's time counts from here. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastCollectedAt: timestamp('last_collected_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When a completed order was turned into what it was for (a verification, a session): once only. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bankid_orders_client_access_key_unique').on(table.clientAccessKey),
    uniqueIndex('bankid_orders_order_ref_unique').on(table.orderRef),
    index('bankid_orders_status_idx').on(table.status, table.startedAt),
  ],
);
