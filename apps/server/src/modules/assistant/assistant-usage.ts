import { assistantPricePer1kTokensMinor, assistantUsageLimits } from '@signlink/contracts/assistant/assistant-settings';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  addToConversation,
  addUsage,
  type ConversationInsert,
  findUsage,
  hasConversation,
  lockUsage,
  type UsageScope,
} from './assistant.repository.ts';

export interface UsageSubject {
  accountId: string;
  /** A visitor's link; null for the owner's test chat, counted for the account only. */
  linkId: string | null;
}

export interface AnswerUsage {
  provider: string;
  promptTokens: number;
  completionTokens: number;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

interface ScopeLimit {
  scope: UsageScope;
  messages: number;
  tokens: number;
}

function scopesOf(subject: UsageSubject, at: Date): ScopeLimit[] {
  const day = utcDay(at);
  const scopes: ScopeLimit[] = [
    {
      scope: { scopeKind: 'account' as const, scopeId: subject.accountId, day },
      messages: assistantUsageLimits.messagesPerAccountPerDay,
      tokens: assistantUsageLimits.tokensPerAccountPerDay,
    },
  ];
  if (subject.linkId) {
    scopes.push({
      scope: { scopeKind: 'link' as const, scopeId: subject.linkId, day },
      messages: assistantUsageLimits.messagesPerLinkPerDay,
      tokens: assistantUsageLimits.tokensPerLinkPerDay,
    });
  }
  return scopes;
}

function isSpent(
  row: { messages: number; promptTokens: number; completionTokens: number } | undefined,
  limit: { messages: number; tokens: number },
) {
  if (!row) return false;
  return row.messages >= limit.messages || row.promptTokens + row.completionTokens >= limit.tokens;
}

/** Before asking: a scope that has used its day's messages or tokens gets AI_LIMIT_REACHED, and no model is asked. */
export async function assertUsageLeft(db: Database, subject: UsageSubject, at = new Date()): Promise<void> {
  for (const { scope, ...limit } of scopesOf(subject, at)) {
    if (isSpent(await findUsage(db, scope), limit)) {
      throw new AppError('AI_LIMIT_REACHED', { details: { scope: scope.scopeKind } });
    }
  }
}

export function costMinorOf(input: { currency: 'SEK' | 'EUR'; provider: string; tokens: number }): number {
  if (input.provider === 'offline' || input.tokens === 0) return 0;
  return Math.ceil((input.tokens / 1000) * assistantPricePer1kTokensMinor[input.currency]);
}

/**
 * After the answer: its message and tokens counted for each scope and its conversation's row (with the cost line),
 * in one transaction, under the usage rows' locks; checked again there, so two answers at once cannot both pass the
 * last free message, and a refused answer counts nowhere.
 */
export async function countAnswer(
  tx: Transaction,
  input: {
    subject: UsageSubject;
    documentId: string;
    conversationId: string | undefined;
    currency: 'SEK' | 'EUR';
    usage: AnswerUsage;
    /** The question and answer, kept with the conversation when the owner keeps visitors' conversations. */
    turns?: ConversationInsert['turns'];
    at?: Date;
  },
): Promise<string> {
  const at = input.at ?? new Date();
  const used = { messages: 1, promptTokens: input.usage.promptTokens, completionTokens: input.usage.completionTokens };
  const scopes = scopesOf(input.subject, at);
  for (const { scope, ...limit } of scopes) {
    if (isSpent(await lockUsage(tx, scope), limit)) {
      throw new AppError('AI_LIMIT_REACHED', { details: { scope: scope.scopeKind } });
    }
  }
  for (const { scope } of scopes) await addUsage(tx, scope, used);
  // An id the caller sends back is used only when it is this document's and this caller's conversation.
  const isKnown =
    input.conversationId !== undefined &&
    (await hasConversation(tx, {
      id: input.conversationId,
      documentId: input.documentId,
      linkId: input.subject.linkId,
    }));
  const id = isKnown && input.conversationId ? input.conversationId : newId('acv');
  await addToConversation(tx, {
    id,
    documentId: input.documentId,
    linkId: input.subject.linkId,
    accountId: input.subject.accountId,
    provider: input.usage.provider,
    ...used,
    costMinor: costMinorOf({
      currency: input.currency,
      provider: input.usage.provider,
      tokens: used.promptTokens + used.completionTokens,
    }),
    currency: input.currency,
    ...(input.turns ? { turns: input.turns } : {}),
  });
  return id;
}
