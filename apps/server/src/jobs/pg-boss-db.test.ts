import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { defineJob } from './job-definition.ts';
import { createQueueFactory, sleep } from './job-test-helpers.ts';
import { createPgBossDb } from './pg-boss-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
const queues = createQueueFactory(() => database);
afterEach(() => queues.stopAll());

describe('pg-boss over our database handle', () => {
  // Runs first in this file: no pgboss schema yet. The loser of the race meets "already exists" on
  // PGlite (a failed script, see pg-boss-db.ts) and a deadlock on PostgreSQL (see pg-boss-queues.ts).
  it('installs its schema even when two queues start at once (one loses the race and recovers)', async () => {
    const job = defineJob({ id: 'test.race', schema: z.object({}), handler: async () => {} });
    const [a, b] = await Promise.all([queues.start([job]), queues.start([job])]);
    expect(await a.enqueue({ job, data: {} })).toBeTruthy();
    expect(await b.stats()).toMatchObject({ queued: 1 });
    expect((await database.executeSql('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('leaves no transaction open when one of its BEGIN … COMMIT scripts fails', async () => {
    const db = createPgBossDb({ database });
    await expect(db.executeSql('BEGIN; SELECT 1; SELECT 1/0; COMMIT;', [])).rejects.toThrow(/division by zero/);
    // On PGlite's single connection an aborted transaction would fail this statement.
    expect((await db.executeSql('select 2 as ok', [])).rows).toEqual([{ ok: 2 }]);
    await db.executeSql('BEGIN; CREATE TABLE script_check (x int); INSERT INTO script_check VALUES (7); COMMIT;', []);
    expect((await database.executeSql('select x from script_check')).rows).toEqual([{ x: 7 }]);
  });

  it('once detached, answers nothing and runs nothing', async () => {
    const db = createPgBossDb({ database });
    db.detach();
    const answer = await Promise.race([
      db.executeSql('select 1', []).then(() => 'answered'),
      sleep(200).then(() => 'silent'),
    ]);
    expect(answer).toBe('silent');
    expect(db.inFlight).toBe(0);
  });
});
