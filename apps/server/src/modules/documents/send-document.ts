import type { BrandId } from '@signlink/brands/brand-config';
import type { ZSendResponse } from '@signlink/contracts/documents/send-document';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { collectPartyContacts } from '../contacts/collect-contacts.ts';
import { authorize, can } from '../document-core/account.policy.ts';
import { findDocumentForActor, policyDocumentOf } from '../document-core/document-access.ts';
import { findSender, markDocumentSent, type PartyRow } from '../document-core/document-parts.repository.ts';
import { assertSignPayReady } from '../sign-pay/sign-pay-readiness.ts';
import { reserveDocumentCost } from './balance-reservation.ts';
import { openPartyLinks } from './party-invitations.ts';
import type { DocumentMessagingDeps } from './party-messages.ts';
import { assertSendable, loadDraftToSend } from './send-validation.ts';

type SendResponse = z.infer<typeof ZSendResponse>;

/**
 * `POST linktinker/links` (issue 6, part 5). In one transaction: SPEC section 5's checks, the cost reserved from
 * the balance, one link per party, the document active (and from then on frozen), the parties kept as the account's
 * contacts, a `sent` event per party and each invitation queued. Anything refused (invalid, not enough balance, a
 * channel not configured) writes nothing. `signFirst` (sign and send, issue 24 part 5): the first party must be the
 * sender; only their link is made, with no invitation, and the others wait for their signature
 * (invite-waiting-parties.ts).
 */
export async function sendDocument(
  deps: DocumentMessagingDeps,
  actor: Actor,
  input: { draftId: string; brand: BrandId; signFirst?: boolean | undefined },
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
    await assertSignPayReady(tx, { accountId: document.accountId, parties });
    const sender = await findSender(tx, { userId: actor.userId, accountId: actor.accountId });
    if (!sender) throw new AppError('NOT_FOUND');
    if (input.signFirst) assertSenderIsFirst(parties, sender.email);
    const cost = await reserveDocumentCost(tx, {
      accountId: document.accountId,
      documentId: document.id,
      parties,
      now: at,
    });
    await markDocumentSent(tx, { documentId: document.id, at, currency: cost.currency });
    await collectPartyContacts(tx, { accountId: document.accountId, parties, at });
    const sent = { ...document, state: 'active' as const, sentAt: at, currency: cost.currency };
    const common = { document: sent, sender, brand: input.brand, byUserId: actor.userId, at };
    const links = input.signFirst
      ? await openPartyLinks(deps, tx, { ...common, parties: parties.slice(0, 1), invite: false })
      : await openPartyLinks(deps, tx, { ...common, parties, invite: true });
    const baseUrl = deps.messaging.publicUrls.forBrand(input.brand);
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

/** Sign and send: the first party signs on the sender's behalf at once, so it must be the sender, by e-mail address. */
function assertSenderIsFirst(parties: readonly PartyRow[], senderEmail: string | null) {
  const first = parties[0]?.email?.trim().toLowerCase();
  if (!first || !senderEmail || first !== senderEmail.trim().toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', {
      details: { reason: 'first-party-not-sender', path: 'Parties[0].Email' },
    });
  }
}
