import type { BrandId } from '@signlink/brands/brand-config';
import { type MessageKind, secretKinds } from '@signlink/contracts/messaging/message-kinds';
import type { Transaction } from '../../db/database.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { type MessageRow, markFailed } from './messages.repository.ts';
import { type SendMessageDeps, sendMessage } from './send-message.ts';

/**
 * Marks a message failed with the provider's reason and, when it belongs to a document, writes the
 * failure into the document's history and queues the sender's notice, all in one transaction (issue 3,
 * part 6). Once only: a second report of the same failure changes nothing.
 */
export async function recordDeliveryFailure(
  deps: SendMessageDeps,
  message: MessageRow,
  failure: { reason: string; code?: string | undefined; providerStatus?: string },
  tx?: Transaction,
): Promise<boolean> {
  const write = async (transaction: Transaction) => {
    const at = new Date();
    const failed = await markFailed(transaction, message.id, {
      reason: failure.reason,
      ...(failure.code ? { code: failure.code } : {}),
      ...(failure.providerStatus ? { providerStatus: failure.providerStatus } : {}),
      at,
      eraseData: secretKinds.has(message.kind as MessageKind),
    });
    if (!failed) return false;
    if (message.documentId) {
      await appendDocumentEvent(transaction, {
        documentId: message.documentId,
        type: 'delivery-failed',
        at,
        data: {
          messageId: message.id,
          partyId: message.partyId,
          kind: message.kind,
          channel: message.channel,
          recipient: message.recipient,
          reason: failure.reason,
        },
      });
      if (message.failureNotice) {
        const notice = message.failureNotice;
        await sendMessage(
          deps,
          {
            kind: 'delivery-failed',
            data: {
              documentName: notice.documentName,
              documentId: message.documentId,
              recipient: message.recipient,
              reason: failure.reason.slice(0, 500),
            },
            channel: 'email',
            to: notice.to,
            locale: notice.locale,
            brand: message.brand as BrandId,
            ...(message.accountId ? { accountId: message.accountId } : {}),
            documentId: message.documentId,
            idempotencyKey: `delivery-failed:${message.id}`,
          },
          transaction,
        );
      }
    }
    return true;
  };
  return tx ? write(tx) : deps.database.db.transaction(write);
}
