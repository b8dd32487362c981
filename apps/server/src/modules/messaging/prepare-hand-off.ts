import type { EmailAttachment } from '@signlink/providers/email/email.port';
import { DeliveryError } from '@signlink/providers/messaging/delivery-error';
import { type Storage, StorageNotFoundError } from '@signlink/providers/storage/storage.port';
import type { TextChannel } from '@signlink/providers/text-messages/text-message.port';
import type { DatabaseHandle } from '../../db/database.ts';
import { readStored } from '../../lib/read-stored.ts';
import { isProviderMessageTaken, type MessageRow } from './messages.repository.ts';
import type { MessagingContext } from './messaging-context.ts';
import { emailMessageIdOf, renderEmailMessage, renderTextMessageOf } from './render-message.ts';
import { twilioStatusCallbackUrl } from './twilio-status-callback-url.ts';

export interface ProviderReceipt {
  providerMessageId: string;
  providerStatus?: string;
}

/** One message rendered for its provider, with the two questions a delivery asks of it. */
export interface PreparedHandOff {
  /**
   * The copy an earlier attempt (begun at `since`) left with the provider, if the provider can tell; undefined
   * for a provider that cannot be asked.
   */
  findEarlierCopy: ((since: Date) => Promise<ProviderReceipt | undefined>) | undefined;
  send(): Promise<ProviderReceipt>;
}

/** Renders and reads attachments before any hand-off, so none of that happens while the message is `sending`. */
export async function prepareHandOff(input: {
  message: MessageRow;
  messaging: MessagingContext;
  storage: Storage;
  database: DatabaseHandle;
}): Promise<PreparedHandOff> {
  return input.message.channel === 'email' ? prepareEmail(input) : prepareText(input);
}

async function prepareEmail({
  message,
  messaging,
  storage,
}: {
  message: MessageRow;
  messaging: MessagingContext;
  storage: Storage;
}): Promise<PreparedHandOff> {
  const sender = messaging.email;
  if (!sender) throw new DeliveryError({ permanent: false, reason: 'No e-mail provider is configured' });
  const email = renderEmailMessage(message, messaging.publicUrls);
  const messageId = emailMessageIdOf(message.id, email.brand);
  const attachments = await readAttachments(message, storage);
  const { findSent } = sender;
  return {
    findEarlierCopy: findSent && (() => findSent({ messageId, to: message.recipient })),
    async send() {
      const result = await sender.send({
        from: email.from,
        to: message.recipient,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId,
        language: message.locale,
        headers: { 'X-Signlink-Message': message.id },
        ...(attachments.length > 0 && { attachments }),
      });
      return { providerMessageId: result.providerMessageId };
    },
  };
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

function prepareText({
  message,
  messaging,
  database,
}: {
  message: MessageRow;
  messaging: MessagingContext;
  database: DatabaseHandle;
}): PreparedHandOff {
  const sender = messaging.textMessages;
  if (!sender) throw new DeliveryError({ permanent: false, reason: 'No SMS/WhatsApp provider is configured' });
  const channel = message.channel as TextChannel;
  const body = renderTextMessageOf(message, messaging.publicUrls);
  return {
    async findEarlierCopy(since) {
      const found = await sender.findSent({ channel, to: message.recipient, body, since });
      if (!found) return undefined;
      // An identical text of another message (a twin reminder) is not this one's copy.
      const isTaken = await isProviderMessageTaken(database.db, {
        channel: message.channel,
        providerMessageId: found.providerMessageId,
        exceptId: message.id,
      });
      return isTaken ? undefined : { providerMessageId: found.providerMessageId, providerStatus: found.status };
    },
    async send() {
      const result = await sender.send({
        channel,
        to: message.recipient,
        body,
        statusCallbackUrl: twilioStatusCallbackUrl(messaging.publicUrls, message.id),
      });
      return { providerMessageId: result.providerMessageId, providerStatus: result.status };
    },
  };
}
