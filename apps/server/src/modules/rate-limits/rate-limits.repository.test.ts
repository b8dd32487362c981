import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { rateLimitHits } from '../../db/schema/rate-limits.ts';
import { clientKeyOf } from './client-address.ts';
import { countHit, countHitIn, markSeen, pruneExpiredHits } from './rate-limits.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** Ends a counter's window now, as the clock would an hour later. */
const endWindow = (bucket: string, key: string) =>
  database.db
    .update(rateLimitHits)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)));

describe('rate-limit counters', () => {
  it('counts within a window, says how long it has left, and starts again after it', async () => {
    const counter = { bucket: 'test', key: 'a', windowSeconds: 3600 };
    expect(await countHit(database, counter)).toEqual({ hits: 1, secondsLeft: 3600 });
    expect((await countHit(database, counter)).hits).toBe(2);
    expect((await database.db.transaction((tx) => countHitIn(tx, counter))).hits).toBe(3);
    expect((await countHit(database, { ...counter, key: 'b' })).hits).toBe(1);
    await endWindow('test', 'a');
    expect((await countHit(database, counter)).hits).toBe(1);
  });

  it('marks a key once per window, and prunes windows that have ended', async () => {
    const mark = { bucket: 'seen', key: 'x', windowSeconds: 60 };
    expect(await database.db.transaction((tx) => markSeen(tx, mark))).toBe(true);
    expect(await database.db.transaction((tx) => markSeen(tx, mark))).toBe(false);
    await endWindow('seen', 'x');
    expect(await database.db.transaction((tx) => markSeen(tx, mark))).toBe(true);

    await countHit(database, { bucket: 'old', key: 'y', windowSeconds: 60 });
    await endWindow('old', 'y');
    expect(await pruneExpiredHits(database)).toBe(1);
    const left = await database.db.select({ bucket: rateLimitHits.bucket }).from(rateLimitHits);
    expect(left.map((row) => row.bucket).sort()).toEqual(['seen', 'test', 'test']);
  });
});

describe('the client key', () => {
  it('is the IPv4 address (mapped or not) or the IPv6 /64', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});
