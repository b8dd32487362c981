import type { BrandId } from '@signlink/brands/brand-config';
import { limits } from '@signlink/contracts/constants';
import type { ShareDocumentRequest, ShareDocumentResponse } from '@signlink/contracts/documents/share-document';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { listActiveAddOns } from '../billing/account-add-ons.repository.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import {
  findActivePartyLink,
  findSender,
  listDocumentParties,
  reopenLinkGate,
} from '../document-core/document-parts.repository.ts';
import { sendMessage } from '../messaging/send-message.ts';
import { assertTextAddOn } from '../messaging/text-add-on.ts';
import { countDocumentShares } from './document-shares.repository.ts';
import type { DocumentMessagingDeps } from './party-messages.ts';

const hourMs = 60 * 60_000;
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function normalisedRecipient(channel: ShareDocumentRequest['channel'], to: string): string {
  if (channel === 'email') {
    const email = normalizeEmailAddress(to);
    if (!email.isValid) throw new AppError('INVALID_EMAIL', { details: { field: 'to' } });
    return email.address;
  }
  const phone = normalizePhoneNumber(to);
  if (!phone.isValid) throw new AppError('INVALID_PHONE', { details: { field: 'to' } });
  return phone.e164;
}

/**
 * `POST linktinker/errands/{id}/share` (SPEC section 2, sharing dialog): one party's active link, sent by us to an
 * address the owner typed (a colleague could otherwise send a party's code to themself). Only while the document is open; an SMS needs the add-on as invitations do (SPEC
 * section 5); at most `sharesPerDocumentPerHour` per document, counted under the document's row lock so racing
 * shares cannot both pass. The message carries the document but no party: the typed address is not the party's, so
 * it must not stand for the party's delivery state. The history has no sharing event, so none is written.
 */
export async function shareDocumentLink(
  deps: DocumentMessagingDeps,
  actor: Actor,
  input: { documentId: string; brand: BrandId; request: ShareDocumentRequest; now?: Date },
): Promise<ShareDocumentResponse> {
  const { signatureIndex, channel } = input.request;
  const to = normalisedRecipient(channel, input.request.to);
  const now = input.now ?? new Date();
  return deps.database.db.transaction(async (tx) => {
    const document = await findDocumentForActor(tx, {
      actor,
      documentId: input.documentId,
      action: 'document.share',
      forUpdate: true,
    });
    if (document.state !== 'active') throw new AppError('DOCUMENT_NOT_OPEN', { details: { state: document.state } });
    const party = (await listDocumentParties(tx, document.id)).find((row) => row.signatureIndex === signatureIndex);
    if (!party) throw new AppError('NOT_FOUND', { details: { signatureIndex } });
    const link = await findActivePartyLink(tx, party.id);
    if (!link) throw new AppError('DOCUMENT_NOT_OPEN', { details: { reason: 'no-active-link', signatureIndex } });
    // Sending the link again opens a gate that wrong codes locked (issue 8, part 3).
    await reopenLinkGate(tx, link.id);
    assertTextAddOn({ channel, activeAddOns: await listActiveAddOns(tx, document.accountId) });

    const shares = await countDocumentShares(tx, { documentId: document.id, since: new Date(now.getTime() - hourMs) });
    if (shares >= limits.sharesPerDocumentPerHour) {
      throw new AppError('RATE_LIMITED', { details: { limit: limits.sharesPerDocumentPerHour, per: 'hour' } });
    }
    const sender = await findSender(tx, { userId: actor.userId, accountId: actor.accountId });
    if (!sender) throw new AppError('NOT_FOUND');
    const documentName = clip(document.title.trim(), 200);
    const locale = documentLocaleOf(document);
    await sendMessage(
      deps,
      {
        kind: 'document-shared',
        data: { documentName, senderName: clip(sender.name.trim() || sender.accountName, 200), linkCode: link.id },
        channel,
        to,
        locale,
        brand: input.brand,
        accountId: document.accountId,
        documentId: document.id,
        ...(sender.email ? { failureNotice: { to: sender.email, locale, documentName } } : {}),
      },
      tx,
    );
    return { signatureIndex, channel, to };
  });
}
