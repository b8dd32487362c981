import type { BrandId } from '@signlink/brands/brand-config';
import { limits } from '@signlink/contracts/constants';
import type { Locale } from '@signlink/contracts/locales';
import {
  invitationKinds,
  type MessageChannel,
  type MessageData,
  type MessageKind,
  messageKindSchemas,
  textableKinds,
} from '@signlink/contracts/messaging/message-kinds';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import { assertStorageKey } from '@signlink/providers/storage/storage-key';
import type { DatabaseHandle, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { deliverMessageJob } from './deliver-message.job.ts';
import {
  countInvitationTexts,
  findMessageByIdempotencyKey,
  insertMessageOnce,
  lockInvitation,
} from './messages.repository.ts';
import type { MessagingContext } from './messaging-context.ts';

/** One message to one recipient on one channel. */
export type OutgoingMessage = {
  [K in MessageKind]: {
    kind: K;
    data: MessageData<K>;
    channel: MessageChannel;
    /** An e-mail address, or a phone number in any common form (normalised to E.164, default country SE). */
    to: string;
    locale: Locale;
    brand: BrandId;
    /** Who pays a text's fee and whose sender sees the message. */
    accountId?: string;
    documentId?: string;
    partyId?: string;
    /** Groups an invitation's messages: SPEC section 9 allows three texts per invitation. */
    invitationId?: string;
    /** The same key twice sends once (a retried request, a job run twice). */
    idempotencyKey?: string;
    /** For a document's message: the sender to tell by e-mail if it cannot be delivered. */
    failureNotice?: { to: string; locale: Locale; documentName: string };
    /** E-mail only: stored files sent along (the sealed PDF); a text carries its link and ignores them. */
    attachments?: MessageAttachment[];
  };
}[MessageKind];

/** A stored file by key: the row names it, delivery reads the bytes from storage when it sends. */
export interface MessageAttachment {
  storageKey: string;
  /** Shown to the recipient; at most 255 characters, the common file-name limit. */
  filename: string;
  contentType: string;
}

export interface SendMessageDeps {
  database: DatabaseHandle;
  queue: JobQueue;
  messaging: Pick<MessagingContext, 'email' | 'textMessages'>;
}

export interface SentMessage {
  messageId: string;
  /** True when the idempotency key was already used: nothing new was queued. */
  isDuplicate: boolean;
}

/**
 * Queues a message in the caller's transaction (outbox, ARCHITECTURE "Background work"): the row and its
 * delivery job commit with the caller's change or not at all. Everything a caller can get wrong is
 * refused here, before anything is written, with the catalogue's error.
 */
export async function sendMessage(
  deps: SendMessageDeps,
  message: OutgoingMessage,
  tx?: Transaction,
): Promise<SentMessage> {
  const recipient = normaliseRecipient(message.channel, message.to);
  const failureNotice = message.failureNotice
    ? { ...message.failureNotice, to: normaliseRecipient('email', message.failureNotice.to) }
    : null;
  assertChannelUsable(deps.messaging, message);
  const attachments = message.channel === 'email' ? validAttachments(message.attachments ?? []) : [];
  const parsed = messageKindSchemas[message.kind].safeParse(message.data);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      details: { issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) },
    });
  }
  const write = async (transaction: Transaction): Promise<SentMessage> => {
    const isCountedText = message.channel !== 'email' && message.invitationId && invitationKinds.has(message.kind);
    if (isCountedText && message.invitationId) {
      // The lock orders racing sends of one invitation, so the count below cannot be beaten.
      await lockInvitation(transaction, message.invitationId);
      const isFull = (await countInvitationTexts(transaction, message.invitationId)) >= limits.messagesPerInvitation;
      // A repeat of a key already used is not a new message and must not hit the limit.
      const isRepeat = message.idempotencyKey
        ? Boolean(await findMessageByIdempotencyKey(transaction, message.idempotencyKey))
        : false;
      if (isFull && !isRepeat) {
        throw new AppError('REMINDER_LIMIT_REACHED', { details: { limit: limits.messagesPerInvitation } });
      }
    }
    const { message: row, isDuplicate } = await insertMessageOnce(transaction, {
      id: newId('msg'),
      kind: message.kind,
      channel: message.channel,
      recipient,
      locale: message.locale,
      brand: message.brand,
      data: parsed.data as Record<string, unknown>,
      accountId: message.accountId ?? null,
      documentId: message.documentId ?? null,
      partyId: message.partyId ?? null,
      invitationId: message.invitationId ?? null,
      idempotencyKey: message.idempotencyKey ?? null,
      failureNotice,
      attachments: attachments.length > 0 ? attachments : null,
    });
    if (!isDuplicate) {
      await deps.queue.enqueue({
        job: deliverMessageJob,
        data: { messageId: row.id },
        tx: transaction,
        idempotencyKey: row.id,
      });
    }
    return { messageId: row.id, isDuplicate };
  };
  return tx ? write(tx) : deps.database.db.transaction(write);
}

function validAttachments(attachments: MessageAttachment[]): MessageAttachment[] {
  const issues = attachments.flatMap((file, index) => {
    const found: { path: string; message: string }[] = [];
    try {
      assertStorageKey(file.storageKey);
    } catch (error) {
      found.push({ path: `attachments.${index}.storageKey`, message: (error as Error).message });
    }
    if (file.filename.trim() === '' || file.filename.length > 255) {
      found.push({ path: `attachments.${index}.filename`, message: 'A file name of 1 to 255 characters' });
    }
    if (!/^[\w.+-]+\/[\w.+-]+$/.test(file.contentType)) {
      found.push({ path: `attachments.${index}.contentType`, message: 'A media type such as application/pdf' });
    }
    return found;
  });
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { details: { issues } });
  return attachments.map(({ storageKey, filename, contentType }) => ({ storageKey, filename, contentType }));
}

function normaliseRecipient(channel: MessageChannel, to: string): string {
  if (channel === 'email') {
    const email = normalizeEmailAddress(to);
    if (!email.isValid) throw new AppError('INVALID_EMAIL', { details: { field: 'to' } });
    return email.address;
  }
  const phone = normalizePhoneNumber(to);
  if (!phone.isValid) throw new AppError('INVALID_PHONE', { details: { field: 'to' } });
  return phone.e164;
}

function assertChannelUsable(messaging: SendMessageDeps['messaging'], message: OutgoingMessage) {
  if (message.channel === 'email') {
    if (!messaging.email) throw new AppError('SEND_FAILED', { details: { reason: 'email-not-configured' } });
    return;
  }
  if (!textableKinds.has(message.kind)) {
    throw new AppError('VALIDATION_FAILED', {
      details: { issues: [{ path: 'channel', message: `A ${message.kind} message is sent by e-mail only` }] },
    });
  }
  if (!messaging.textMessages) {
    throw new AppError('SEND_FAILED', { details: { reason: 'text-messages-not-configured' } });
  }
}
