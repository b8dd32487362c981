import type { Database, Transaction } from '../../db/database.ts';
import { listDocumentsPartyMessages, listPartyMessages, type MessageRow } from './messages.repository.ts';

/** What the document overview shows per party and channel (issue 3, part 6). */
export type PartyDeliveryStatus = 'queued' | 'sent' | 'delivered' | 'bounced';

export interface PartyChannelDelivery {
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  status: PartyDeliveryStatus;
  /** The provider's reason when bounced. */
  reason?: string;
  /** When the state was reached (UTC). */
  at: Date;
  messageId: string;
}

export interface PartyDeliveryState {
  /** The worst news first: bounced when any latest message bounced, else queued, sent, delivered. */
  status: PartyDeliveryStatus | 'none';
  channels: PartyChannelDelivery[];
}

const rank: Record<PartyDeliveryStatus, number> = { bounced: 0, queued: 1, sent: 2, delivered: 3 };

function channelDeliveryOf(message: MessageRow): PartyChannelDelivery {
  // A message being handed over is still on its way, as far as the sender can tell.
  const status: PartyDeliveryStatus =
    message.state === 'failed' ? 'bounced' : message.state === 'sending' ? 'queued' : message.state;
  const at = message.failedAt ?? message.deliveredAt ?? message.sentAt ?? message.createdAt;
  return {
    channel: message.channel,
    recipient: message.recipient,
    status,
    ...(message.failureReason && status === 'bounced' ? { reason: message.failureReason } : {}),
    at,
    messageId: message.id,
  };
}

/**
 * A party's delivery state: per channel, the latest message's state (a re-sent invitation after a
 * corrected address replaces the bounced one), and the overall status the overview shows.
 */
export async function getPartyDeliveryState(
  db: Database | Transaction,
  input: { documentId: string; partyId: string },
): Promise<PartyDeliveryState> {
  return deliveryStateOf(await listPartyMessages(db, input.documentId, input.partyId));
}

/**
 * Every party's delivery state for these documents in one query (the sender's lists show a page of documents at
 * once), by party id; a party no message went to is absent (status 'none').
 */
export async function getDeliveryStatesOfDocuments(
  db: Database | Transaction,
  documentIds: readonly string[],
): Promise<Map<string, PartyDeliveryState>> {
  const byParty = new Map<string, MessageRow[]>();
  for (const message of await listDocumentsPartyMessages(db, documentIds)) {
    if (!message.partyId) continue;
    const list = byParty.get(message.partyId) ?? [];
    list.push(message);
    byParty.set(message.partyId, list);
  }
  return new Map([...byParty].map(([partyId, messages]) => [partyId, deliveryStateOf(messages)]));
}

/** `messages` oldest first. */
function deliveryStateOf(messages: MessageRow[]): PartyDeliveryState {
  const latestByChannel = new Map<string, MessageRow>();
  for (const message of messages) latestByChannel.set(message.channel, message);
  const channels = [...latestByChannel.values()].map(channelDeliveryOf);
  const worst = channels.map((channel) => channel.status).sort((a, b) => rank[a] - rank[b])[0];
  return { status: worst ?? 'none', channels };
}
