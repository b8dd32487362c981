import { findMessage, markDelivered, markSent, updateProviderStatus } from './messages.repository.ts';
import { recordDeliveryFailure } from './record-delivery-failure.ts';
import type { SendMessageDeps } from './send-message.ts';

export interface ProviderStatusReport {
  messageId: string;
  providerMessageId: string;
  /** Twilio's MessageStatus: queued, sending, sent, delivered, undelivered, failed, read… */
  status: string;
  errorCode?: string | undefined;
  errorMessage?: string | undefined;
}

/** Twilio error codes a sender can act on, in words (the rest show their number). */
const twilioReasons: Record<string, string> = {
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered by the carrier',
  '30008': 'Unknown error',
  '63016': 'WhatsApp: outside the allowed window for free-form messages',
};

/**
 * A delivery report from the provider moves the message forward, never back: queued → sent →
 * delivered, or failed (with the history event for a document's message). Reports arrive out of
 * order and more than once; each is applied at most once.
 */
export async function recordProviderStatus(deps: SendMessageDeps, report: ProviderStatusReport) {
  const { database } = deps;
  const message = await findMessage(database.db, report.messageId);
  if (!message) return { found: false as const };
  if (message.providerMessageId && message.providerMessageId !== report.providerMessageId) {
    // A report for an earlier copy of this message (a provider retry we did not make): not ours to apply.
    return { found: false as const };
  }
  const at = new Date();
  await database.db.transaction(async (tx) => {
    switch (report.status) {
      case 'delivered':
      case 'read':
        await markDelivered(tx, message.id, {
          providerMessageId: report.providerMessageId,
          providerStatus: report.status,
          at,
        });
        return;
      case 'undelivered':
      case 'failed': {
        const code = report.errorCode;
        const words = report.errorMessage ?? (code ? twilioReasons[code] : undefined) ?? 'Not delivered';
        await recordDeliveryFailure(
          deps,
          message,
          {
            reason: code ? `${words} (Twilio ${code})` : words,
            code,
            providerStatus: report.status,
          },
          tx,
        );
        return;
      }
      case 'sent':
        await markSent(tx, message.id, {
          providerMessageId: report.providerMessageId,
          providerStatus: report.status,
          at,
          eraseData: false,
        });
        return;
      default:
        // accepted, queued, sending, scheduled: the provider still holds it; nothing changes for the sender.
        if (message.state === 'queued' || message.state === 'sending' || message.state === 'sent') {
          await updateProviderStatus(tx, message.id, {
            providerMessageId: report.providerMessageId,
            providerStatus: report.status,
            at,
          });
        }
    }
  });
  return { found: true as const };
}
