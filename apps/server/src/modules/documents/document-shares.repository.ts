import { and, count, eq, gt } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { messages } from '../../db/schema/messages.ts';

/** The sharing dialog's messages of a document since `since` (its outbox rows are the count; nothing else keeps it). */
export async function countDocumentShares(tx: Transaction, input: { documentId: string; since: Date }) {
  const [row] = await tx
    .select({ shares: count() })
    .from(messages)
    .where(
      and(
        eq(messages.documentId, input.documentId),
        eq(messages.kind, 'document-shared'),
        gt(messages.createdAt, input.since),
      ),
    );
  return row?.shares ?? 0;
}
