import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { messages } from '../../db/schema/messages.ts';

type Db = Database | Transaction;

/** The brand of the document's first message: the one its invitations went out under. */
export async function findDocumentBrand(db: Db, documentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ brand: messages.brand })
    .from(messages)
    .where(eq(messages.documentId, documentId))
    .orderBy(asc(messages.createdAt))
    .limit(1);
  return row?.brand;
}
