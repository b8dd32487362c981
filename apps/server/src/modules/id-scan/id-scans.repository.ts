import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { idScanImages, idScans } from '../../db/schema/id-scans.ts';

type Db = Database | Transaction;
export type IdScanRow = typeof idScans.$inferSelect;
export type IdScanImageRow = typeof idScanImages.$inferSelect;

export async function insertIdScan(db: Db, row: typeof idScans.$inferInsert): Promise<IdScanRow> {
  const [inserted] = await db.insert(idScans).values(row).returning();
  if (!inserted) throw new Error('id scan not inserted');
  return inserted;
}

export async function findIdScan(db: Db, id: string): Promise<IdScanRow | undefined> {
  const [row] = await db.select().from(idScans).where(eq(idScans.id, id));
  return row;
}

/** The scan, locked until the transaction ends: a signature checks and uses it once. */
export async function lockIdScan(tx: Transaction, id: string): Promise<IdScanRow | undefined> {
  const [row] = await tx.select().from(idScans).where(eq(idScans.id, id)).for('update');
  return row;
}

export async function findIdScanOfCheck(db: Db, vendor: string, checkId: string): Promise<IdScanRow | undefined> {
  const [row] = await db
    .select()
    .from(idScans)
    .where(and(eq(idScans.vendor, vendor), eq(idScans.vendorCheckId, checkId)));
  return row;
}

/** The slot's scans that are neither over nor used: a new scan of the slot replaces them. */
export async function listUnfinishedScansOfSlot(db: Db, documentId: string, signatureIndex: number) {
  return db
    .select()
    .from(idScans)
    .where(
      and(
        eq(idScans.documentId, documentId),
        eq(idScans.signatureIndex, signatureIndex),
        inArray(idScans.status, ['collecting', 'checking', 'passed']),
        isNull(idScans.usedAt),
      ),
    );
}

/** Moves the scan only from one of `from`: the row that comes back is the one change that won a race. */
export async function updateIdScanFrom(
  db: Db,
  id: string,
  from: readonly IdScanRow['status'][],
  set: Partial<typeof idScans.$inferInsert>,
): Promise<IdScanRow | undefined> {
  const [row] = await db
    .update(idScans)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(idScans.id, id), inArray(idScans.status, [...from])))
    .returning();
  return row;
}

/** Marks a passed scan used; nothing when another signature used it first. */
export async function markIdScanUsed(tx: Transaction, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(idScans)
    .set({ usedAt: at, updatedAt: at })
    .where(and(eq(idScans.id, id), eq(idScans.status, 'passed'), isNull(idScans.usedAt)))
    .returning({ id: idScans.id });
  return rows.length === 1;
}

export async function insertIdScanImage(db: Db, row: typeof idScanImages.$inferInsert): Promise<IdScanImageRow> {
  const [inserted] = await db.insert(idScanImages).values(row).returning();
  if (!inserted) throw new Error('id scan image not inserted');
  return inserted;
}

export async function listIdScanImages(db: Db, idScanId: string): Promise<IdScanImageRow[]> {
  return db.select().from(idScanImages).where(eq(idScanImages.idScanId, idScanId)).orderBy(asc(idScanImages.createdAt));
}

/** A retaken photo of one side replaces the earlier one; a new document type drops the other type's sides. */
export async function deleteIdScanImageRows(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(idScanImages).where(inArray(idScanImages.id, [...ids]));
}

export async function setImagesDeleteAfter(db: Db, idScanId: string, deleteAfter: Date) {
  await db
    .update(idScanImages)
    .set({ deleteAfter })
    .where(and(eq(idScanImages.idScanId, idScanId), isNull(idScanImages.deletedAt)));
}

/**
 * Images whose file is still stored and whose retention has ended, or whose scan was abandoned before its check
 * (no retention set, received before `abandonedBefore`).
 */
export async function listDueIdScanImages(
  db: Db,
  input: { now: Date; abandonedBefore: Date; limit: number },
): Promise<IdScanImageRow[]> {
  return db
    .select()
    .from(idScanImages)
    .where(
      and(
        isNull(idScanImages.deletedAt),
        or(
          lte(idScanImages.deleteAfter, input.now),
          and(isNull(idScanImages.deleteAfter), lte(idScanImages.createdAt, input.abandonedBefore)),
        ),
      ),
    )
    .orderBy(asc(idScanImages.deleteAfter))
    .limit(input.limit);
}

export async function markIdScanImageDeleted(db: Db, id: string, at: Date) {
  await db.update(idScanImages).set({ deletedAt: at }).where(eq(idScanImages.id, id));
}
