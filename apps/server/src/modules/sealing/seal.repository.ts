import { and, asc, eq, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { idScans } from '../../db/schema/id-scans.ts';
import { documentSeals, documentSignatures } from '../../db/schema/signatures.ts';
import { listAttachmentsWithParties } from '../document-core/document-attachments.repository.ts';
import { listDocumentFiles, listDocumentParties } from '../document-core/document-parts.repository.ts';

type Db = Database | Transaction;
export type SignatureRow = typeof documentSignatures.$inferSelect;
export type SealRow = typeof documentSeals.$inferSelect;
export type IdScanRow = typeof idScans.$inferSelect;

/**
 * Everything sealing reads about a document, in one consistent snapshot: repeatable read, since under read committed
 * each statement would see its own moment.
 */
export async function loadSealSource(db: Database, documentId: string) {
  return db.transaction(async (tx) => {
    const [document] = await tx.select().from(documents).where(eq(documents.id, documentId));
    if (!document) return undefined;
    // One after another: a transaction is one connection, which runs one query at a time anyway (node-postgres
    // queues the rest today and will refuse them in its next major).
    const files = await listDocumentFiles(tx, documentId);
    const parties = await listDocumentParties(tx, documentId);
    const signatures = await tx
      .select()
      .from(documentSignatures)
      .where(eq(documentSignatures.documentId, documentId))
      .orderBy(asc(documentSignatures.signatureIndex));
    const events = await tx
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, documentId))
      .orderBy(asc(documentEvents.sequence));
    // Issue 8, part 8: the recipients' PDFs, embedded in the sealed document and listed in its audit trail.
    const attachments = await listAttachmentsWithParties(tx, documentId);
    // Types 5 and 6: the scans the signatures rest on, whose evidence the audit trail prints.
    const scanIds = signatures.flatMap((signature) => (signature.idScanId ? [signature.idScanId] : []));
    const scans = scanIds.length > 0 ? await tx.select().from(idScans).where(inArray(idScans.id, scanIds)) : [];
    return { document, files, parties, signatures, events, attachments, idScans: scans };
  }, snapshotRead);
}

const snapshotRead = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
export type SealSource = NonNullable<Awaited<ReturnType<typeof loadSealSource>>>;

export async function findSeal(db: Db, documentId: string): Promise<SealRow | undefined> {
  const [row] = await db.select().from(documentSeals).where(eq(documentSeals.documentId, documentId));
  return row;
}

/** Counts an attempt, creating the row on the first; a sealed or stored step is kept as it is. */
export async function recordSealAttempt(db: Db, documentId: string, at: Date): Promise<SealRow> {
  const [row] = await db
    .insert(documentSeals)
    .values({ documentId, attempts: 1, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: documentSeals.documentId,
      set: { attempts: sql`${documentSeals.attempts} + 1`, updatedAt: at },
    })
    .returning();
  if (!row) throw new Error('upsert returns its row');
  return row;
}

export async function recordSealedFile(
  db: Db,
  documentId: string,
  values: Pick<
    SealRow,
    'sealedStorageKey' | 'sealedSha256' | 'sealedByteSize' | 'auditTrailStorageKey' | 'finalContentSha256'
  >,
  at: Date,
) {
  await db
    .update(documentSeals)
    .set({ ...values, updatedAt: at })
    .where(eq(documentSeals.documentId, documentId));
}

export async function markSealed(tx: Transaction, documentId: string, at: Date) {
  await tx
    .update(documentSeals)
    .set({ status: 'sealed', sealedAt: at, lastError: null, failedAt: null, updatedAt: at })
    .where(eq(documentSeals.documentId, documentId));
}

export async function recordSealFailure(
  db: Db,
  documentId: string,
  input: { error: string; gaveUp: boolean; at: Date },
) {
  await db
    .update(documentSeals)
    .set({
      lastError: input.error.slice(0, 2000),
      updatedAt: input.at,
      ...(input.gaveUp ? { status: 'failed' as const, failedAt: input.at } : {}),
    })
    .where(eq(documentSeals.documentId, documentId));
}

/**
 * The owner's retry: a failed seal becomes pending again, only if it is still failed (the row answers whether it
 * was). Attempts and the last error stay, for the record; a successful seal clears the error (markSealed).
 */
export async function resetFailedSeal(tx: Transaction, documentId: string, at: Date): Promise<SealRow | undefined> {
  const [row] = await tx
    .update(documentSeals)
    .set({ status: 'pending', failedAt: null, updatedAt: at })
    .where(and(eq(documentSeals.documentId, documentId), eq(documentSeals.status, 'failed')))
    .returning();
  return row;
}

export async function markDocumentCompleted(tx: Transaction, documentId: string, at: Date) {
  await tx
    .update(documents)
    .set({ state: 'completed', completedAt: at, updatedAt: at })
    .where(eq(documents.id, documentId));
}

/** The brand the document's invitations went out under: completion messages speak with the same voice. */
/** Where the owner's completion notice goes: their e-mail, in the language saved on their account. */
export async function findOwnerContact(db: Db, userId: string) {
  const [row] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Active documents every party has signed, the last more than `signedBefore` ago, with no seal or an unfinished
 * one: the sweeper's work. A seal that gave up stays with the owner (its status says so) and is not retried here.
 */
export async function findUnsealedSignedDocuments(db: Db, input: { signedBefore: Date; limit: number }) {
  const unsigned = db
    .select({ one: sql`1` })
    .from(documentParties)
    .where(and(eq(documentParties.documentId, documents.id), isNull(documentParties.signedAt)));
  const recentlySigned = db
    .select({ one: sql`1` })
    .from(documentParties)
    .where(
      and(eq(documentParties.documentId, documents.id), sql`${documentParties.signedAt} >= ${input.signedBefore}`),
    );
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .leftJoin(documentSeals, eq(documentSeals.documentId, documents.id))
    .where(
      and(
        eq(documents.state, 'active'),
        sql`exists (select 1 from ${documentParties} where ${documentParties.documentId} = ${documents.id})`,
        notExists(unsigned),
        notExists(recentlySigned),
        or(isNull(documentSeals.documentId), eq(documentSeals.status, 'pending')),
        or(isNull(documentSeals.updatedAt), lt(documentSeals.updatedAt, input.signedBefore)),
      ),
    )
    .limit(input.limit);
  return rows.map((row) => row.id);
}

export async function findSealBySha256(db: Db, sha256: string) {
  const [row] = await db
    .select({ seal: documentSeals, document: documents })
    .from(documentSeals)
    .innerJoin(documents, eq(documents.id, documentSeals.documentId))
    .where(and(eq(documentSeals.sealedSha256, sha256), eq(documentSeals.status, 'sealed')));
  return row;
}
