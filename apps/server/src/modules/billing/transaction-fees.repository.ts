import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { documents } from '../../db/schema/documents.ts';
import { messages, transactionFees } from '../../db/schema/messages.ts';

/** The account's latest fees with the document each message was about (gone when the document was deleted). */
export async function listTransactionFees(db: Database, accountId: string, limit: number) {
  return db
    .select({
      id: transactionFees.id,
      kind: transactionFees.kind,
      amountMinor: transactionFees.amountMinor,
      currency: transactionFees.currency,
      createdAt: transactionFees.createdAt,
      documentId: documents.id,
      documentTitle: documents.title,
    })
    .from(transactionFees)
    .innerJoin(messages, eq(messages.id, transactionFees.messageId))
    .leftJoin(documents, eq(documents.id, messages.documentId))
    .where(eq(transactionFees.accountId, accountId))
    .orderBy(desc(transactionFees.createdAt), desc(transactionFees.id))
    .limit(limit);
}
