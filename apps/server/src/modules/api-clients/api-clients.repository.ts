import { and, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { apiClients } from '../../db/schema/developer.ts';

type Db = Database | Transaction;

export type ApiClientRow = typeof apiClients.$inferSelect;

export async function listAccountApiClients(db: Db, accountId: string): Promise<ApiClientRow[]> {
  return db
    .select()
    .from(apiClients)
    .where(eq(apiClients.accountId, accountId))
    .orderBy(desc(apiClients.createdAt), desc(apiClients.id));
}

export async function insertApiClient(db: Db, row: typeof apiClients.$inferInsert): Promise<ApiClientRow> {
  const [inserted] = await db.insert(apiClients).values(row).returning();
  if (!inserted) throw new Error('the API client was not written');
  return inserted;
}

/** Changes one of the account's clients; undefined when the account has no such client (ids never cross accounts). */
export async function updateAccountApiClient(
  db: Db,
  target: { accountId: string; clientId: string },
  changes: Partial<Pick<ApiClientRow, 'name' | 'accessLevel' | 'revokedAt' | 'updatedAt'>>,
): Promise<ApiClientRow | undefined> {
  const [row] = await db
    .update(apiClients)
    .set(changes)
    .where(and(eq(apiClients.id, target.clientId), eq(apiClients.accountId, target.accountId)))
    .returning();
  return row;
}

export async function findAccountApiClient(db: Db, target: { accountId: string; clientId: string }) {
  const [row] = await db
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.id, target.clientId), eq(apiClients.accountId, target.accountId)));
  return row;
}
