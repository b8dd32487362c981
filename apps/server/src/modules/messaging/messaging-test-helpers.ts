import type { DatabaseHandle } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { pgBossSchema } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';

/** An account to pay texts' fees. */
export async function createTestAccount(database: DatabaseHandle, currency: 'SEK' | 'EUR' = 'SEK') {
  const id = newId('acc');
  await database.db.insert(accounts).values({ id, kind: 'company', name: 'Test AB', currency });
  return id;
}

async function countOf(database: DatabaseHandle, query: string) {
  const { rows } = await database.executeSql(query);
  return Number(rows[0]?.n);
}

/** What a refused or rolled-back send must not leave behind: message rows and delivery jobs. */
export async function countOutbox(database: DatabaseHandle) {
  return {
    messages: await countOf(database, 'select count(*)::int as n from messages'),
    jobs: await countOf(
      database,
      `select count(*)::int as n from ${pgBossSchema}.job where name = 'messaging.deliver'`,
    ),
  };
}
