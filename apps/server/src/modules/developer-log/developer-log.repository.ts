import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { apiClients, apiErrorLog } from '../../db/schema/developer.ts';

export type ApiErrorRow = typeof apiErrorLog.$inferSelect;
export type NewApiError = typeof apiErrorLog.$inferInsert;

/** `%`, `_` and `\` typed by the user are searched for as themselves. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export async function insertApiError(db: Database, row: NewApiError) {
  await db.insert(apiErrorLog).values(row);
}

/** A client by id whatever its state: a revoked client's refused calls are still its account's to read. */
export async function findApiClientOwner(db: Database, clientId: string) {
  const [row] = await db
    .select({ id: apiClients.id, accountId: apiClients.accountId, name: apiClients.name })
    .from(apiClients)
    .where(eq(apiClients.id, clientId));
  return row;
}

/** The account's rows since `since` that match, newest first, one page of them, and how many match in all. */
export async function listApiErrors(
  db: Database,
  input: { accountId: string; since: Date; search?: string; page: number; pageSize: number },
) {
  const pattern = input.search ? likePattern(input.search) : undefined;
  const where = and(
    eq(apiErrorLog.accountId, input.accountId),
    gte(apiErrorLog.createdAt, input.since),
    pattern
      ? or(
          ilike(apiErrorLog.path, pattern),
          ilike(apiErrorLog.code, pattern),
          ilike(apiErrorLog.clientName, pattern),
          ilike(apiErrorLog.requestId, pattern),
          ilike(apiErrorLog.method, pattern),
          ilike(sql`${apiErrorLog.status}::text`, pattern),
        )
      : undefined,
  );
  const rows = await db
    .select()
    .from(apiErrorLog)
    .where(where)
    .orderBy(desc(apiErrorLog.createdAt), desc(apiErrorLog.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await db.select({ value: count() }).from(apiErrorLog).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Deletes the rows older than `before`; how many went. */
export async function deleteApiErrorsBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(apiErrorLog)
    .where(lt(apiErrorLog.createdAt, before))
    .returning({ id: apiErrorLog.id });
  return deleted.length;
}
