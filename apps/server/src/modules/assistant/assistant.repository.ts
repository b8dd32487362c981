import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import {
  assistantConversations,
  assistantKnowledgeFiles,
  assistantSettings,
  assistantUsage,
  documentFileTexts,
  type ExtractedPage,
} from '../../db/schema/assistant.ts';
import { documentParties, links } from '../../db/schema/documents.ts';

/** The assistant's tables (issue 28): settings, knowledge files, extracted texts, usage and conversations. */
type Db = Database | Transaction;
export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;
export type AssistantSettingsValues = Omit<typeof assistantSettings.$inferInsert, 'documentId' | 'updatedAt'>;
export type KnowledgeFileRow = typeof assistantKnowledgeFiles.$inferSelect;
export type ConversationInsert = typeof assistantConversations.$inferInsert;

export async function findAssistantSettingsRow(db: Db, documentId: string) {
  const [row] = await db.select().from(assistantSettings).where(eq(assistantSettings.documentId, documentId));
  return row;
}

export async function upsertAssistantSettings(db: Db, documentId: string, values: AssistantSettingsValues) {
  const updatedAt = new Date();
  const [row] = await db
    .insert(assistantSettings)
    .values({ ...values, documentId, updatedAt })
    .onConflictDoUpdate({ target: assistantSettings.documentId, set: { ...values, updatedAt } })
    .returning();
  if (!row) throw new Error('assistant settings not saved');
  return row;
}

export async function deleteAssistantSettings(tx: Transaction, documentId: string) {
  await tx.delete(assistantSettings).where(eq(assistantSettings.documentId, documentId));
}

export async function listKnowledgeFiles(db: Db, documentId: string): Promise<KnowledgeFileRow[]> {
  return db
    .select()
    .from(assistantKnowledgeFiles)
    .where(eq(assistantKnowledgeFiles.documentId, documentId))
    .orderBy(asc(assistantKnowledgeFiles.createdAt), asc(assistantKnowledgeFiles.id));
}

export async function countKnowledgeFiles(db: Db, documentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assistantKnowledgeFiles)
    .where(eq(assistantKnowledgeFiles.documentId, documentId));
  return row?.n ?? 0;
}

export async function insertKnowledgeFiles(tx: Transaction, rows: (typeof assistantKnowledgeFiles.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(assistantKnowledgeFiles).values(rows);
}

/** The removed row (its storage key is deleted once the transaction committed), or undefined. */
export async function deleteKnowledgeFile(tx: Transaction, input: { documentId: string; fileId: string }) {
  const [row] = await tx
    .delete(assistantKnowledgeFiles)
    .where(and(eq(assistantKnowledgeFiles.documentId, input.documentId), eq(assistantKnowledgeFiles.id, input.fileId)))
    .returning();
  return row;
}

export async function deleteKnowledgeFilesOf(tx: Transaction, documentId: string) {
  return tx.delete(assistantKnowledgeFiles).where(eq(assistantKnowledgeFiles.documentId, documentId)).returning();
}

export async function findDocumentFileTexts(db: Db, fileIds: string[]) {
  if (fileIds.length === 0) return new Map<string, ExtractedPage[]>();
  const rows = await db.select().from(documentFileTexts).where(inArray(documentFileTexts.documentFileId, fileIds));
  return new Map(rows.map((row) => [row.documentFileId, row.pages]));
}

/** Extracted once: a second extraction of the same file (two questions at once) keeps the first. */
export async function insertDocumentFileText(db: Db, input: { documentFileId: string; pages: ExtractedPage[] }) {
  await db.insert(documentFileTexts).values(input).onConflictDoNothing();
}

export async function findAccountCurrency(db: Db, accountId: string): Promise<'SEK' | 'EUR'> {
  const [row] = await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, accountId));
  return row?.currency ?? 'SEK';
}

export interface UsageScope {
  scopeKind: 'link' | 'account';
  scopeId: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
}

/** A scope's counts for the day, its row locked for the caller's transaction (created at zero when missing). */
export async function lockUsage(tx: Transaction, scope: UsageScope) {
  await tx.insert(assistantUsage).values(scope).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(assistantUsage)
    .where(
      and(
        eq(assistantUsage.scopeKind, scope.scopeKind),
        eq(assistantUsage.scopeId, scope.scopeId),
        eq(assistantUsage.day, scope.day),
      ),
    )
    .for('update');
  if (!row) throw new Error('assistant usage row missing');
  return row;
}

export async function addUsage(
  tx: Transaction,
  scope: UsageScope,
  used: { messages: number; promptTokens: number; completionTokens: number },
) {
  await tx
    .update(assistantUsage)
    .set({
      messages: sql`${assistantUsage.messages} + ${used.messages}`,
      promptTokens: sql`${assistantUsage.promptTokens} + ${used.promptTokens}`,
      completionTokens: sql`${assistantUsage.completionTokens} + ${used.completionTokens}`,
    })
    .where(
      and(
        eq(assistantUsage.scopeKind, scope.scopeKind),
        eq(assistantUsage.scopeId, scope.scopeId),
        eq(assistantUsage.day, scope.day),
      ),
    );
}

/** Whether a conversation of this document (and this link, or the owner's test chat) has this id. */
export async function hasConversation(
  tx: Transaction,
  input: { id: string; documentId: string; linkId: string | null },
) {
  const [row] = await tx
    .select({ id: assistantConversations.id })
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.id, input.id),
        eq(assistantConversations.documentId, input.documentId),
        input.linkId === null
          ? sql`${assistantConversations.linkId} is null`
          : eq(assistantConversations.linkId, input.linkId),
      ),
    );
  return row !== undefined;
}

/** A conversation's row, created with its first answer and added to with each next one. */
export async function addToConversation(tx: Transaction, row: ConversationInsert & { id: string }) {
  await tx
    .insert(assistantConversations)
    .values(row)
    .onConflictDoUpdate({
      target: assistantConversations.id,
      set: {
        messages: sql`${assistantConversations.messages} + ${row.messages ?? 0}`,
        promptTokens: sql`${assistantConversations.promptTokens} + ${row.promptTokens ?? 0}`,
        completionTokens: sql`${assistantConversations.completionTokens} + ${row.completionTokens ?? 0}`,
        costMinor: sql`${assistantConversations.costMinor} + ${row.costMinor ?? 0}`,
        // Kept turns only where the owner keeps conversations: appended, never rewritten.
        ...(row.turns
          ? {
              turns: sql`coalesce(${assistantConversations.turns}, '[]'::jsonb) || ${JSON.stringify(row.turns)}::jsonb`,
            }
          : {}),
        updatedAt: new Date(),
      },
    });
}

export async function listConversations(db: Db, documentId: string) {
  return db.select().from(assistantConversations).where(eq(assistantConversations.documentId, documentId));
}

/** A document's newest conversations, each with the name of the party whose link it came through. */
export async function listConversationsWithParty(db: Db, documentId: string, limit: number) {
  return db
    .select({ conversation: assistantConversations, partyName: documentParties.name })
    .from(assistantConversations)
    .leftJoin(links, eq(links.id, assistantConversations.linkId))
    .leftJoin(documentParties, eq(documentParties.id, links.partyId))
    .where(eq(assistantConversations.documentId, documentId))
    .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.id))
    .limit(limit);
}

export async function findUsage(db: Db, scope: UsageScope) {
  const [row] = await db
    .select()
    .from(assistantUsage)
    .where(
      and(
        eq(assistantUsage.scopeKind, scope.scopeKind),
        eq(assistantUsage.scopeId, scope.scopeId),
        eq(assistantUsage.day, scope.day),
      ),
    );
  return row;
}
