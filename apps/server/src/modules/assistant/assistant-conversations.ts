import type { AssistantConversationsResponse } from '@signlink/contracts/assistant/assistant-settings';
import type { Database } from '../../db/database.ts';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { listConversationsWithParty } from './assistant.repository.ts';
import { findAssistantDocument } from './assistant-access.ts';

/** Ours: a screenful; a document's older conversations stay in the database. */
const shownConversations = 200;

/**
 * `GET …/settings/{documentId}/conversations`: what the assistant was asked about the document, for its owner.
 * Counts and cost always (they are billing's); the turns only of conversations held while the owner kept them.
 */
export async function listAssistantConversations(
  db: Database,
  input: { actor: PolicyActor; documentId: string },
): Promise<AssistantConversationsResponse> {
  const document = await findAssistantDocument(db, input);
  const rows = await listConversationsWithParty(db, document.id, shownConversations);
  return {
    Conversations: rows.map(({ conversation, partyName }) => ({
      Id: conversation.id,
      PartyName: partyName,
      IsTest: conversation.linkId === null,
      StartedAt: conversation.startedAt.toISOString(),
      UpdatedAt: conversation.updatedAt.toISOString(),
      Messages: conversation.messages,
      Tokens: conversation.promptTokens + conversation.completionTokens,
      Cost: conversation.costMinor,
      Currency: conversation.currency,
      Turns: conversation.turns?.map((turn) => ({ Role: turn.role, Text: turn.text, At: turn.at })) ?? null,
    })),
  };
}
