import { lt, sql } from 'drizzle-orm';
import type { DatabaseHandle, PreparedStatement, Transaction } from '../../db/database.ts';
import { rateLimitHits } from '../../db/schema/rate-limits.ts';

export interface Hit {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends and the count starts again (at least 1). */
  secondsLeft: number;
}

interface Counter {
  bucket: string;
  key: string;
  windowSeconds: number;
}

// Every time is the database's clock, so API processes with drifting clocks share one window. A window starts at its
// first request rather than on the clock's minute or hour: nobody gets a double allowance across a boundary.
const isOver = sql`${rateLimitHits.expiresAt} <= now()`;
const endOf = (windowSeconds: number) => sql`now() + make_interval(secs => ${windowSeconds}::int)`;
const secondsLeft = sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitHits.expiresAt} - now())))::int`;

/** One atomic upsert: parallel requests each get their own count, and no two get the same. */
const countHitStatement: PreparedStatement = {
  name: 'rate_limit_count_hit',
  text: `insert into rate_limit_hits as hit (bucket, key, window_start, hits, expires_at)
    values ($1, $2, now(), 1, now() + make_interval(secs => $3::int))
    on conflict (bucket, key) do update set
      hits = case when hit.expires_at <= now() then 1 else hit.hits + 1 end,
      window_start = case when hit.expires_at <= now() then now() else hit.window_start end,
      expires_at = case when hit.expires_at <= now() then excluded.expires_at else hit.expires_at end
    returning hits::text as hits, greatest(1, ceil(extract(epoch from expires_at - now())))::int::text as seconds_left`,
};

/**
 * Counts one request against `bucket` for `key`. A prepared statement on its own connection: it runs on every limited
 * request, and a refused request stays counted whatever its own work does.
 */
export async function countHit(database: DatabaseHandle, input: Counter): Promise<Hit> {
  const [row] = await database.runPrepared(countHitStatement, [input.bucket, input.key, String(input.windowSeconds)]);
  if (!row) throw new Error(`rate limit ${input.bucket}: the upsert returned no row`);
  return { hits: Number(row.hits), secondsLeft: Number(row.seconds_left) };
}

/** countHit in the caller's transaction, so a refusal that rolls back leaves no count behind. */
export async function countHitIn(tx: Transaction, input: Counter): Promise<Hit> {
  const [row] = await tx
    .insert(rateLimitHits)
    .values({ ...fresh(input), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.key],
      set: {
        hits: sql`case when ${isOver} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowStart: sql`case when ${isOver} then now() else ${rateLimitHits.windowStart} end`,
        expiresAt: sql`case when ${isOver} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, secondsLeft });
  if (!row) throw new Error(`rate limit ${input.bucket}: the upsert returned no row`);
  return { hits: Number(row.hits), secondsLeft: Number(row.secondsLeft) };
}

/**
 * Marks `key` as seen in `bucket`, in the caller's transaction. True when it was not seen within the window: the
 * caller counts something new (a link's new destination) once, however often it comes back meanwhile.
 */
export async function markSeen(tx: Transaction, input: Counter): Promise<boolean> {
  const rows = await tx
    .insert(rateLimitHits)
    .values({ ...fresh(input), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.key],
      set: { windowStart: sql`now()`, expiresAt: sql`excluded.expires_at` },
      // Only a mark whose window is over is renewed; a live one makes no row, so the answer is false.
      setWhere: isOver,
    })
    .returning({ key: rateLimitHits.key });
  return rows.length > 0;
}

/** Drops windows that have ended; they count nothing. */
export async function pruneExpiredHits(database: DatabaseHandle): Promise<number> {
  const deleted = await database.db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.expiresAt, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return deleted.length;
}

function fresh(input: Counter) {
  return { bucket: input.bucket, key: input.key, windowStart: sql`now()`, expiresAt: endOf(input.windowSeconds) };
}
