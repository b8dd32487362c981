import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters (constants `rateLimits`): one row per bucket and key, incremented by an atomic upsert, so every
 * API process counts the same requests. A window starts with the first request it counts and lasts the limit's
 * length; the next request after it starts a new one. Rows past `expires_at` count nothing and are pruned.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** Which limit: clientSends, linkNewDestinations… */
    bucket: text('bucket').notNull(),
    /** Whom it counts: a client address, a link id, `*` for everyone. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    /** The window's end, when the row stops counting. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    index('rate_limit_hits_expires_idx').on(table.expiresAt),
  ],
);
