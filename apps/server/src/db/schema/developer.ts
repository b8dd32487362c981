import { apiClientAccessLevels } from '@signlink/contracts/developer/api-clients';
import {
  type WebhookEvent,
  webhookAttemptOutcomes,
  webhookDeliveryStatuses,
} from '@signlink/contracts/developer/webhooks';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/**
 * An API client (SPEC section 3 "API client / key"; issue 26, part 1): credentials a company admin made for their own
 * systems. It acts for the account as the user who made it, within its access level. Only a SHA-256 of the secret is
 * kept: the secret is 256 random bits, shown once, so a slow hash would add nothing but latency on every call.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    /** The client id the integrator sends (`cli_…`), public like a user name. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The admin who made it: the documents it creates are theirs, and it stops when they leave the account. */
    actingUserId: text('acting_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    accessLevel: text('access_level', { enum: apiClientAccessLevels }).notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The secret's last four characters, so people can tell keys apart. */
    secretHint: text('secret_hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_clients_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * A webhook endpoint (SPEC section 3 "Webhook"; issue 26, part 3): where the account's document events are delivered,
 * signed by the Standard Webhooks scheme with the endpoint's own secret (`whsec_…`, kept to sign with).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Revoked by a person: no more deliveries, kept for its log. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Disabled by us after failing for 5 days; updating the endpoint turns it on again. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When its current run of failed deliveries began; cleared by any success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
  },
  (table) => [index('webhook_endpoints_account_idx').on(table.accountId, table.createdAt)],
);

/** One event for one endpoint: its `id` is the `webhook-id` header, the same on every attempt (receivers dedupe). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** What caused it (a history event's id, or a test event's), so one cause is delivered once per endpoint. */
    sourceId: text('source_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_source_unique').on(table.endpointId, table.sourceId),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    // Every worker asks for due deliveries every two seconds: only the pending few are indexed, not the history.
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
);

/** Each try of a delivery, for the delivery log: never the request's body, at most an excerpt of the answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome', { enum: webhookAttemptOutcomes }).notNull(),
    statusCode: integer('status_code'),
    responseExcerpt: text('response_excerpt'),
    /** Why it failed when no answer came (refused address, timeout, connection error). */
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);

/**
 * The developer log (SPEC `/logger`; issue 26, part 6): an API caller's refused or failed calls, kept 30 days.
 * The route's pattern, never the URL as sent (a query may hold a secret), and no bodies.
 */
export const apiErrorLog = pgTable(
  'api_error_log',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    apiClientId: text('api_client_id').references(() => apiClients.id, { onDelete: 'set null' }),
    /** The client's name when it was logged, so the log reads after the client is gone. */
    clientName: text('client_name').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    code: text('code').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_error_log_account_idx').on(table.accountId, table.createdAt)],
);
