import type { BrandId } from '@signlink/brands/brand-config';
import { limits } from '@signlink/contracts/constants';
import { channelsOfInvitationMethod, type InvitationMethod } from '@signlink/contracts/documents/document-model';
import type { ZContactDetailsRequest, ZContactDetailsResponse } from '@signlink/contracts/documents/documents';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import type { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newPublicCode } from '../../lib/ids.ts';
import { listActiveAddOns } from '../billing/account-add-ons.repository.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import {
  findSender,
  insertLinks,
  listDocumentParties,
  type PartyRow,
  revokePartyLinks,
  updateParty,
} from '../document-core/document-parts.repository.ts';
import { assertTextAddOn } from '../messaging/text-add-on.ts';
import { linkGatesOf } from './party-invitations.ts';
import { type DocumentMessagingDeps, queuePartyMessages } from './party-messages.ts';

type ContactDetailsRequest = z.infer<typeof ZContactDetailsRequest>;
type ContactDetailsResponse = z.infer<typeof ZContactDetailsResponse>;

/** An omitted value keeps the party's; an empty one clears it. */
const nextValue = (given: string | undefined, current: string | null) =>
  given === undefined ? current : given.trim() || null;

/** The party's new contact, checked as sending checks it (SPEC section 5), addresses normalised. */
async function checkedContact(tx: Transaction, accountId: string, party: PartyRow, request: ContactDetailsRequest) {
  const invitationMethod: InvitationMethod = request.InvitationMethod ?? party.invitationMethod;
  let email = nextValue(request.Email, party.email);
  let phone = nextValue(request.Phone, party.phone);
  const activeAddOns = await listActiveAddOns(tx, accountId);
  for (const channel of channelsOfInvitationMethod[invitationMethod]) {
    if (channel === 'email') {
      const checked = email ? normalizeEmailAddress(email) : null;
      if (!checked?.isValid) throw new AppError('INVALID_EMAIL', { details: { field: 'Email' } });
      email = checked.address;
      continue;
    }
    const checked = phone ? normalizePhoneNumber(phone) : null;
    if (!checked?.isValid) throw new AppError('INVALID_PHONE', { details: { field: 'Phone' } });
    phone = checked.e164;
    assertTextAddOn({ channel, activeAddOns });
  }
  return { email, phone, invitationMethod };
}

/**
 * `PUT linktinker/errands/{id}/contactdetails` (SPEC section 4): a party who has not signed gets corrected contact
 * details, a new link and the invitation again; the old link is revoked ("recalled"). At most three corrections per
 * party (DECISIONS). The correction, its event with the old and new contact, and the invitation are one transaction.
 */
export async function updateContactDetails(
  deps: DocumentMessagingDeps,
  actor: Actor,
  input: { documentId: string; brand: BrandId; request: ContactDetailsRequest },
): Promise<ContactDetailsResponse> {
  const at = new Date();
  return deps.database.db.transaction(async (tx) => {
    const document = await findDocumentForActor(tx, {
      actor,
      documentId: input.documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    if (document.state !== 'active') throw new AppError('DOCUMENT_NOT_OPEN', { details: { state: document.state } });
    const parties = await listDocumentParties(tx, document.id, { lock: true });
    const party = parties.find((candidate) => candidate.id === input.request.PartyId);
    if (!party) throw new AppError('NOT_FOUND');
    if (party.signedAt) throw new AppError('DOCUMENT_NOT_OPEN', { details: { reason: 'party-signed' } });
    if (party.contactUpdates >= limits.contactUpdatesPerParty) {
      throw new AppError('CONTACT_UPDATE_LIMIT_REACHED', { details: { limit: limits.contactUpdatesPerParty } });
    }
    const contact = await checkedContact(tx, document.accountId, party, input.request);
    const sender = await findSender(tx, { userId: actor.userId, accountId: actor.accountId });
    if (!sender) throw new AppError('NOT_FOUND');

    await revokePartyLinks(tx, party.id, at);
    const updated = await updateParty(tx, party.id, { ...contact, contactUpdates: party.contactUpdates + 1 });
    if (!updated) throw new AppError('NOT_FOUND');
    const [link] = await insertLinks(tx, [
      { id: newPublicCode(), documentId: document.id, partyId: party.id, ...linkGatesOf(updated, document.settings) },
    ]);
    if (!link) throw new Error('The new link was inserted');
    await appendDocumentEvent(tx, {
      documentId: document.id,
      type: 'contact-corrected',
      at,
      data: {
        partyId: party.id,
        // Flat keys, the ones the overview's timeline shows (document.presenter.ts, shownDetailKeys).
        previousEmail: party.email,
        previousPhone: party.phone,
        previousInvitationMethod: party.invitationMethod,
        email: updated.email,
        phone: updated.phone,
        invitationMethod: updated.invitationMethod,
        byUserId: actor.userId,
      },
    });
    await queuePartyMessages(deps, tx, {
      kind: 'document-invitation',
      document,
      party: updated,
      linkCode: link.id,
      sender,
      brand: input.brand,
      idempotencyKey: `invitation:${link.id}`,
    });
    return {
      PartyId: party.id,
      Code: link.id,
      ContactUpdatesLeft: limits.contactUpdatesPerParty - updated.contactUpdates,
    };
  });
}
