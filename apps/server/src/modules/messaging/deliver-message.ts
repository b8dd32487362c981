import { textMessageFees } from '@signlink/contracts/billing/price-list';
import { type MessageKind, secretKinds } from '@signlink/contracts/messaging/message-kinds';
import { DeliveryError } from '@signlink/providers/messaging/delivery-error';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { TextChannel } from '@signlink/providers/text-messages/text-message.port';
import type { DatabaseHandle } from '../../db/database.ts';
import { type JobLogger, PermanentJobError } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import {
  claimHandOff,
  findAccountCurrency,
  findMessage,
  insertTransactionFeeOnce,
  type MessageRow,
  markSent,
  recordTransientFailure,
} from './messages.repository.ts';
import type { MessagingContext } from './messaging-context.ts';
import { type PreparedHandOff, type ProviderReceipt, prepareHandOff } from './prepare-hand-off.ts';
import { recordDeliveryFailure } from './record-delivery-failure.ts';

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

/** Another run of the same job holds the message (one that expired while still at work): this run retries later. */
class HandOffTakenError extends Error {}

/**
 * One delivery attempt. Idempotent: a message with a recorded outcome was handled by an earlier run and is left
 * alone. The message is marked `sending` before the provider is called and `sent` right after it accepts, so a run
 * after a crash knows which message may have reached the provider: it asks the provider where the provider can tell
 * (Twilio, the simulators), and otherwise sends again. Providers that cannot be asked get one hand-off at a time
 * per process (the hand-off gate), so a crash repeats at most that one message.
 */
export async function deliverMessage(input: DeliverMessageInput): Promise<void> {
  const { database, messaging, logger } = input;
  const message = await findMessage(database.db, input.messageId);
  if (!message) throw new PermanentJobError(`Message ${input.messageId} does not exist`);
  if (message.state !== 'queued' && message.state !== 'sending') return;

  try {
    const handOff = await prepareHandOff({ message, messaging, storage: input.storage, database });
    const deliver = () => deliverOnce(database, message, handOff, logger);
    await (handOff.findEarlierCopy ? deliver() : messaging.handOffGate.run(deliver));
  } catch (error) {
    if (error instanceof HandOffTakenError) throw error;
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
}

async function deliverOnce(database: DatabaseHandle, message: MessageRow, handOff: PreparedHandOff, logger: JobLogger) {
  // Any earlier attempt may have reached the provider: one that crashed (`sending`), or one that timed out. The
  // provider's own report (a status callback) may already have named its copy.
  const since = message.attemptStartedAt;
  const reported = message.providerMessageId ? { providerMessageId: message.providerMessageId } : undefined;
  const earlier = reported ?? (since && handOff.findEarlierCopy ? await handOff.findEarlierCopy(since) : undefined);
  if (earlier) {
    await recordSent(database, message, earlier);
    return;
  }
  if (message.state === 'sending') {
    // The provider cannot tell, or does not have it: sending again is the only way it arrives.
    logger.warn(
      { messageId: message.id, channel: message.channel },
      'message outcome unknown after a crash; sent again',
    );
  }
  const isClaimed = await claimHandOff(database.db, { id: message.id, seenAttempts: message.attempts, at: new Date() });
  if (!isClaimed) throw new HandOffTakenError(`Message ${message.id} is being delivered by another run`);
  await recordSent(database, message, await handOff.send());
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
