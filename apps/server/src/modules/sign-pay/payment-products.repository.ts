import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { payeeAccounts, paymentProducts } from '../../db/schema/sign-pay.ts';

type Db = Database | Transaction;

export type PaymentProductRow = typeof paymentProducts.$inferSelect;
export type PayeeAccountRow = typeof payeeAccounts.$inferSelect;

export async function listAccountProducts(db: Db, accountId: string): Promise<PaymentProductRow[]> {
  return db
    .select()
    .from(paymentProducts)
    .where(eq(paymentProducts.accountId, accountId))
    .orderBy(desc(paymentProducts.createdAt), desc(paymentProducts.id));
}

/** Another account's product is not found: ids never cross accounts. */
export async function findAccountProduct(db: Db, input: { accountId: string; productId: string }) {
  const [row] = await db
    .select()
    .from(paymentProducts)
    .where(and(eq(paymentProducts.id, input.productId), eq(paymentProducts.accountId, input.accountId)));
  return row;
}

export async function insertProduct(db: Db, row: typeof paymentProducts.$inferInsert): Promise<PaymentProductRow> {
  const [inserted] = await db.insert(paymentProducts).values(row).returning();
  if (!inserted) throw new Error('the product was not written');
  return inserted;
}

/**
 * Counts a sent document's use of a product; a single-use product already used is not counted and answers false
 * (one statement, so two sends racing for the last use cannot both have it).
 */
export async function useProduct(db: Db, productId: string): Promise<boolean> {
  const rows = await db
    .update(paymentProducts)
    .set({ usedCount: sql`${paymentProducts.usedCount} + 1` })
    .where(
      and(
        eq(paymentProducts.id, productId),
        sql`(${paymentProducts.allowMultipleUse} or ${paymentProducts.usedCount} = 0)`,
      ),
    )
    .returning({ id: paymentProducts.id });
  return rows.length > 0;
}

export async function findPayeeAccount(db: Db, accountId: string): Promise<PayeeAccountRow | undefined> {
  const [row] = await db.select().from(payeeAccounts).where(eq(payeeAccounts.accountId, accountId));
  return row;
}

/** Writes the account's payee row, creating it on first use. */
export async function savePayeeAccount(
  db: Db,
  accountId: string,
  changes: Partial<Omit<typeof payeeAccounts.$inferInsert, 'accountId'>>,
): Promise<void> {
  const values = { ...changes, updatedAt: new Date() };
  await db
    .insert(payeeAccounts)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: payeeAccounts.accountId, set: values });
}
