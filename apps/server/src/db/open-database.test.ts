import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { executeSqlIn } from './database.ts';
import { accounts } from './schema/accounts.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the test database', () => {
  it('is migrated and writable', async () => {
    await database.db.insert(accounts).values({ id: 'acc_1', kind: 'company', name: 'Acme', currency: 'SEK' });
    const [row] = await database.db.select().from(accounts).where(eq(accounts.id, 'acc_1'));
    expect(row?.balanceMinor).toBe(0);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a negative balance (money rule in the schema)', async () => {
    await expect(
      database.db
        .insert(accounts)
        .values({ id: 'acc_2', kind: 'company', name: 'B', currency: 'EUR', balanceMinor: -1 }),
    ).rejects.toThrow();
  });

  it('rolls back everything a failed transaction wrote, raw SQL included', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(accounts).values({ id: 'acc_3', kind: 'personal', name: 'C', currency: 'SEK' });
        await executeSqlIn(tx)('insert into accounts (id, kind, name, currency) values ($1, $2, $3, $4)', [
          'acc_4',
          'personal',
          'D',
          'SEK',
        ]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await database.executeSql('select id from accounts where id in ($1, $2)', ['acc_3', 'acc_4']);
    expect(rows).toEqual([]);
  });

  it('commits raw SQL run inside a transaction with the transaction', async () => {
    await database.db.transaction(async (tx) => {
      await executeSqlIn(tx)('insert into accounts (id, kind, name, currency) values ($1, $2, $3, $4)', [
        'acc_5',
        'personal',
        'E',
        'SEK',
      ]);
    });
    const { rows } = await database.executeSql('select id from accounts where id = $1', ['acc_5']);
    expect(rows).toEqual([{ id: 'acc_5' }]);
  });
});

describe('executeSql', () => {
  it('answers a multi-statement script with the last statement’s rows', async () => {
    const { rows } = await database.executeSql('select 1 as a; select 2 as b');
    expect(rows).toEqual([{ b: 2 }]);
  });
});
