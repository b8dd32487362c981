import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { assistantConversations } from '../../db/schema/assistant.ts';
import { documents } from '../../db/schema/documents.ts';
import { messages, transactionFees } from '../../db/schema/messages.ts';

/** The account's latest fees with the document each message was about (gone when the document was deleted). */
export async function listMessageFees(db: Database, accountId: string, limit: number) {
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

/**
 * The assistant's conversations that cost something (a model's tokens; the offline assistant's cost nothing), each a
 * fee of its own: the owner's test chats and visitors' alike, as of their last answer.
 */
export async function listAssistantConversationFees(db: Database, accountId: string, limit: number) {
  return db
    .select({
      id: assistantConversations.id,
      amountMinor: assistantConversations.costMinor,
      currency: assistantConversations.currency,
      createdAt: assistantConversations.updatedAt,
      documentId: documents.id,
      documentTitle: documents.title,
    })
    .from(assistantConversations)
    .leftJoin(documents, eq(documents.id, assistantConversations.documentId))
    .where(and(eq(assistantConversations.accountId, accountId), gt(assistantConversations.costMinor, 0)))
    .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.id))
    .limit(limit);
}
