import { textMessageFees } from '@signlink/contracts/billing/price-list';
import { type MessageKind, secretKinds } from '@signlink/contracts/messaging/message-kinds';
import type { EmailAttachment } from '@signlink/providers/email/email.port';
import { DeliveryError } from '@signlink/providers/messaging/delivery-error';
import { type Storage, StorageNotFoundError } from '@signlink/providers/storage/storage.port';
import type { TextChannel, TextMessageResult } from '@signlink/providers/text-messages/text-message.port';
import type { DatabaseHandle } from '../../db/database.ts';
import { type JobLogger, PermanentJobError } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { readStored } from '../../lib/read-stored.ts';
import {
  findAccountCurrency,
  findMessage,
  insertTransactionFeeOnce,
  isProviderMessageTaken,
  type MessageRow,
  markAttemptStarted,
  markSent,
  recordTransientFailure,
} from './messages.repository.ts';
import type { MessagingContext } from './messaging-context.ts';
import { recordDeliveryFailure } from './record-delivery-failure.ts';
import { emailMessageIdOf, renderEmailMessage, renderTextMessageOf } from './render-message.ts';
import { twilioStatusCallbackUrl } from './twilio-status-callback-url.ts';

export interface DeliverMessageInput {
  messageId: string;
  attempt: number;
  isLastAttempt: boolean;
  database: DatabaseHandle;
  queue: JobQueue;
  logger: JobLogger;
  messaging: MessagingContext;
  /** Where an e-mail's attachments are read from, as they are sent. */
  storage: Storage;
}

interface ProviderReceipt {
  providerMessageId: string;
  providerStatus?: string;
}

/**
 * One delivery attempt. Idempotent: a message that is no longer queued was handled by an earlier run and
 * is left alone. The attempt is recorded before the provider is called, so a run after a crash knows one
 * may have reached the provider and, for texts, asks the provider before sending again.
 */
export async function deliverMessage(input: DeliverMessageInput): Promise<void> {
  const { database, messaging, logger } = input;
  const message = await findMessage(database.db, input.messageId);
  if (!message) throw new PermanentJobError(`Message ${input.messageId} does not exist`);
  if (message.state !== 'queued') return;

  const previousAttemptAt = message.attemptStartedAt;
  await markAttemptStarted(database.db, message.id, new Date());
  let receipt: ProviderReceipt;
  try {
    receipt =
      message.channel === 'email'
        ? await sendEmail(message, messaging, input.storage)
        : await sendText(message, messaging, previousAttemptAt, database);
  } catch (error) {
    const failure =
      error instanceof DeliveryError
        ? error
        : new DeliveryError({
            permanent: false,
            reason: `Could not deliver: ${(error as Error).message}`,
            cause: error,
          });
    const details = { messageId: message.id, channel: message.channel, attempt: input.attempt, reason: failure.reason };
    if (failure.permanent || input.isLastAttempt) {
      await recordDeliveryFailure({ database, queue: input.queue, messaging }, message, {
        reason: failure.reason,
        code: failure.providerCode,
      });
      logger.warn(details, 'message failed');
      throw new PermanentJobError(failure.reason, { cause: error });
    }
    await recordTransientFailure(database.db, message.id, { reason: failure.reason, code: failure.providerCode });
    throw failure;
  }
  await recordSent(database, message, receipt);
}

async function sendEmail(message: MessageRow, messaging: MessagingContext, storage: Storage): Promise<ProviderReceipt> {
  if (!messaging.email) throw new DeliveryError({ permanent: false, reason: 'No e-mail provider is configured' });
  const email = renderEmailMessage(message, messaging.publicUrls);
  const attachments = await readAttachments(message, storage);
  const result = await messaging.email.send({
    from: email.from,
    to: message.recipient,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: emailMessageIdOf(message.id, email.brand),
    language: message.locale,
    headers: { 'X-Signlink-Message': message.id },
    ...(attachments.length > 0 && { attachments }),
  });
  return { providerMessageId: result.providerMessageId };
}

/** Read at each attempt, never kept in the row: the outbox holds keys, storage holds bytes. */
async function readAttachments(message: MessageRow, storage: Storage): Promise<EmailAttachment[]> {
  const files: EmailAttachment[] = [];
  for (const file of message.attachments ?? []) {
    try {
      files.push({
        filename: file.filename,
        contentType: file.contentType,
        content: await readStored(storage, file.storageKey),
      });
    } catch (error) {
      // A file that is gone does not come back on a retry; a storage that does not answer may.
      if (error instanceof StorageNotFoundError) {
        throw new DeliveryError({
          permanent: true,
          reason: `Attachment ${file.filename} is no longer stored`,
          cause: error,
        });
      }
      throw error;
    }
  }
  return files;
}

async function sendText(
  message: MessageRow,
  messaging: MessagingContext,
  previousAttemptAt: Date | null,
  database: DatabaseHandle,
): Promise<ProviderReceipt> {
  if (!messaging.textMessages) {
    throw new DeliveryError({ permanent: false, reason: 'No SMS/WhatsApp provider is configured' });
  }
  const channel = message.channel as TextChannel;
  const body = renderTextMessageOf(message, messaging.publicUrls);
  let result: TextMessageResult | undefined;
  if (previousAttemptAt) {
    const found = await messaging.textMessages.findSent({
      channel,
      to: message.recipient,
      body,
      since: previousAttemptAt,
    });
    // An identical text of another message (a twin reminder) is not this one's copy.
    const isOurs =
      found &&
      !(await isProviderMessageTaken(database.db, {
        channel: message.channel,
        providerMessageId: found.providerMessageId,
        exceptId: message.id,
      }));
    if (isOurs) result = found;
  }
  result ??= await messaging.textMessages.send({
    channel,
    to: message.recipient,
    body,
    statusCallbackUrl: twilioStatusCallbackUrl(messaging.publicUrls, message.id),
  });
  return { providerMessageId: result.providerMessageId, providerStatus: result.status };
}

/** Sent: the state, a text's fee (once, in the paying account's currency), and secrets erased. */
async function recordSent(database: DatabaseHandle, message: MessageRow, receipt: ProviderReceipt) {
  const at = new Date();
  await database.db.transaction(async (tx) => {
    await markSent(tx, message.id, {
      providerMessageId: receipt.providerMessageId,
      ...(receipt.providerStatus ? { providerStatus: receipt.providerStatus } : {}),
      at,
      eraseData: secretKinds.has(message.kind as MessageKind),
    });
    if (message.channel === 'email' || !message.accountId) return;
    const currency = await findAccountCurrency(tx, message.accountId);
    if (!currency) return;
    const channel = message.channel as TextChannel;
    await insertTransactionFeeOnce(tx, {
      id: newId('fee'),
      accountId: message.accountId,
      messageId: message.id,
      kind: channel === 'sms' ? 'sms-message' : 'whatsapp-message',
      amountMinor: textMessageFees[channel][currency],
      currency,
    });
  });
}
