import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { bankIdOrders } from '../../db/schema/bankid-orders.ts';

export type BankIdOrderRow = typeof bankIdOrders.$inferSelect;

export async function insertBankIdOrder(db: Database, row: typeof bankIdOrders.$inferInsert) {
  await db.insert(bankIdOrders).values(row);
}

export async function findBankIdOrder(db: Database, clientAccessKey: string): Promise<BankIdOrderRow | undefined> {
  const [row] = await db.select().from(bankIdOrders).where(eq(bankIdOrders.clientAccessKey, clientAccessKey));
  return row;
}

/** Only a pending order moves on: a cancel and a collect racing each other cannot undo one another. */
export async function updatePendingOrder(
  db: Database,
  id: string,
  patch: Partial<Pick<BankIdOrderRow, 'status' | 'hintCode' | 'completionData' | 'lastCollectedAt' | 'completedAt'>>,
) {
  const [row] = await db
    .update(bankIdOrders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(bankIdOrders.id, id), inArray(bankIdOrders.status, ['pending'])))
    .returning();
  return row;
}

/** A completed order is turned into what it was for once; the caller's transaction holds the rest. */
export async function markOrderConsumed(tx: Database | Transaction, id: string): Promise<boolean> {
  const consumed = await tx
    .update(bankIdOrders)
    .set({ consumedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(bankIdOrders.id, id), isNull(bankIdOrders.consumedAt)))
    .returning({ id: bankIdOrders.id });
  return consumed.length > 0;
}
