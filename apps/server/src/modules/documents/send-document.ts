import type { BrandId } from '@signlink/brands/brand-config';
import { channelsOfInvitationMethod, type DocumentSettings } from '@signlink/contracts/documents/document-model';
import type { ZSendResponse } from '@signlink/contracts/documents/send-document';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newPublicCode } from '../../lib/ids.ts';
import { collectPartyContacts } from '../contacts/collect-contacts.ts';
import { authorize, can } from '../document-core/account.policy.ts';
import { findDocumentForActor, policyDocumentOf } from '../document-core/document-access.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import {
  findSender,
  insertLinks,
  markDocumentSent,
  type PartyRow,
} from '../document-core/document-parts.repository.ts';
import { reserveDocumentCost } from './balance-reservation.ts';
import { type DocumentMessagingDeps, queuePartyMessages } from './party-messages.ts';
import { assertSendable, loadDraftToSend } from './send-validation.ts';

type SendResponse = z.infer<typeof ZSendResponse>;

/** The gates a party's link asks for (SPEC section 4, recipient gate order): BankID by signature type, codes by setting. */
export function linkGatesOf(party: Pick<PartyRow, 'signatureType' | 'invitationMethod'>, settings: DocumentSettings) {
  const channels = channelsOfInvitationMethod[party.invitationMethod];
  const isVerified = settings.requireVerification === true;
  return {
    requireBankId: party.signatureType === 'bankid',
    requireSms: isVerified && channels.some((channel) => channel !== 'email'),
    requireEmail: isVerified && channels.includes('email'),
  };
}

/**
 * `POST linktinker/links` (issue 6, part 5). In one transaction: SPEC section 5's checks, the cost reserved from
 * the balance, one link per party, the document active (and from then on frozen), the parties kept as the account's
 * contacts, a `sent` event per party and each invitation queued. Anything refused (invalid, not enough balance, a
 * channel not configured) writes nothing.
 */
export async function sendDocument(
  deps: DocumentMessagingDeps,
  actor: Actor,
  input: { draftId: string; brand: BrandId },
): Promise<SendResponse> {
  authorize(actor, 'documents.send', { accountId: actor.accountId });
  const at = new Date();
  return deps.database.db.transaction(async (tx) => {
    const document = await findDocumentForActor(tx, {
      actor,
      documentId: input.draftId,
      action: 'document.manage',
      forUpdate: true,
    });
    const { files, parties } = await loadDraftToSend(tx, document, { lock: true });
    await assertSendable(tx, { document, files, parties });
    const sender = await findSender(tx, { userId: actor.userId, accountId: actor.accountId });
    if (!sender) throw new AppError('NOT_FOUND');
    const cost = await reserveDocumentCost(tx, {
      accountId: document.accountId,
      documentId: document.id,
      parties,
      now: at,
    });
    const links = await insertLinks(
      tx,
      parties.map((party) => ({
        id: newPublicCode(),
        documentId: document.id,
        partyId: party.id,
        ...linkGatesOf(party, document.settings),
      })),
    );
    await markDocumentSent(tx, { documentId: document.id, at, currency: cost.currency });
    await collectPartyContacts(tx, { accountId: document.accountId, parties, at });
    const baseUrl = deps.messaging.publicUrls.forBrand(input.brand);
    const sent = { ...document, state: 'active' as const, sentAt: at, currency: cost.currency };
    for (const [index, party] of parties.entries()) {
      const link = links[index];
      if (!link) throw new Error('A link per party was inserted');
      await appendDocumentEvent(tx, {
        documentId: document.id,
        type: 'sent',
        at,
        data: {
          partyId: party.id,
          partyName: party.name,
          channels: channelsOfInvitationMethod[party.invitationMethod],
          byUserId: actor.userId,
        },
      });
      await queuePartyMessages(deps, tx, {
        kind: 'document-invitation',
        document: sent,
        party,
        linkCode: link.id,
        sender,
        brand: input.brand,
        idempotencyKey: `invitation:${link.id}`,
      });
    }
    // A colleague who sends a shared draft gets no codes: they are the parties' credentials, the owner's alone.
    const mayHoldCodes = can(actor, 'document.share', policyDocumentOf(document));
    return {
      DocumentId: document.id,
      Links: (mayHoldCodes ? links : []).map((link) => ({
        Code: link.id,
        PartyId: link.partyId ?? '',
        Url: `${baseUrl}/${encodeURIComponent(link.id)}`,
      })),
      ReservedMinor: cost.totalMinor,
      Currency: cost.currency,
    };
  });
}
