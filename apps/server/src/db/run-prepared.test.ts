import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

// The same behaviour on both drivers: PGlite through our own Parse-once protocol runner, PostgreSQL through pg's names.
describe('runPrepared', () => {
  let database: TestDatabase;
  const echo = {
    name: 'test_echo_v1',
    text: `select $1::text as value, json_build_object('twice', $1::text || $1::text) as data`,
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('binds each call its own values and returns text as text and json parsed', async () => {
    const first = await database.runPrepared(echo, ['ab']);
    const second = await database.runPrepared(echo, ["o'hara"]);
    expect(first).toEqual([{ value: 'ab', data: { twice: 'abab' } }]);
    expect(second).toEqual([{ value: "o'hara", data: { twice: "o'harao'hara" } }]);
    expect(await database.runPrepared(echo, [null])).toEqual([{ value: null, data: { twice: null } }]);
  });

  it('takes a list for a text[] parameter, each element exactly the string given', async () => {
    const values = ['ABC', 'a,b', '{braces}', 'with "quotes"', 'back\\slash', 'NULL', ' spaced ', '', 'åäö'];
    const unnest = {
      name: 'test_text_array_v1',
      text: 'select value from unnest($1::text[]) with ordinality as t(value, n) order by n',
    };
    const rows = await database.runPrepared(unnest, [values]);
    expect(rows.map((row) => row.value)).toEqual(values);
    expect(await database.runPrepared(unnest, [[]])).toEqual([]);
  });

  it('returns no rows as an empty list and reports a statement error', async () => {
    const none = { name: 'test_none_v1', text: 'select 1 as one where $1::text is null' };
    expect(await database.runPrepared(none, ['x'])).toEqual([]);
    const broken = { name: 'test_broken_v1', text: 'select * from no_such_table where id = $1' };
    await expect(database.runPrepared(broken, ['x'])).rejects.toThrow(/no_such_table/);
    // The connection is usable after the error.
    expect(await database.runPrepared(echo, ['ok'])).toEqual([{ value: 'ok', data: { twice: 'okok' } }]);
  });

  it("never runs inside another caller's open transaction", async () => {
    await database.db.execute(sql`create table if not exists prepared_probe (id text primary key)`);
    const probe = { name: 'test_probe_v1', text: 'select count(*)::text as n from prepared_probe where id = $1' };
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe (id) values ('uncommitted')`);
      await held;
      throw new Error('roll back');
    });
    const reads = Promise.all(Array.from({ length: 5 }, () => database.runPrepared(probe, ['uncommitted'])));
    setTimeout(release, 50);
    await expect(transaction).rejects.toThrow('roll back');
    // The rolled-back row was never visible to the prepared reads, whichever driver.
    expect((await reads).map(([row]) => row?.n)).toEqual(['0', '0', '0', '0', '0']);
  });
});
