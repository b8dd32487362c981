import type { BrandId } from '@signlink/brands/brand-config';
import { channelsOfInvitationMethod } from '@signlink/contracts/documents/document-model';
import { newPublicCode } from '../../lib/ids.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import {
  findDocumentLocked,
  insertLinks,
  listDocumentLinks,
  listDocumentParties,
} from '../document-core/document-parts.repository.ts';
import { linkGatesOf } from '../documents/party-invitations.ts';
import { type DocumentMessagingDeps, queuePartyMessages } from '../documents/party-messages.ts';
import { findVisitSender } from './public-links.repository.ts';

/** The brand the visitor came on, which the visit's 'sent' event keeps (start-visit.ts). */
async function brandOfVisit(deps: DocumentMessagingDeps, documentId: string): Promise<BrandId> {
  const events = await listDocumentEvents(deps.database.db, documentId);
  const brand = events.find((event) => event.type === 'sent')?.data?.brand;
  return brand === 'pdfblankett' ? 'pdfblankett' : 'signlink';
}

/**
 * The visitor signed: the visit's other parties are invited as sending invites them (their links with the gates
 * their signature type and the document ask, a 'sent' event each, the invitations queued in the same transaction).
 * A party that already has a link is left alone, so a repeated run invites nobody twice. Returns who was invited.
 */
export async function inviteVisitParties(deps: DocumentMessagingDeps, documentId: string): Promise<string[]> {
  const brand = await brandOfVisit(deps, documentId);
  return deps.database.db.transaction(async (tx) => {
    const document = await findDocumentLocked(tx, documentId);
    if (document?.state !== 'active' || !document.publicLinkId) return [];
    const parties = await listDocumentParties(tx, documentId, { lock: true });
    const linked = new Set((await listDocumentLinks(tx, documentId)).map((link) => link.partyId));
    const toInvite = parties.filter((party) => party.signatureIndex > 0 && !linked.has(party.id));
    if (toInvite.length === 0) return [];
    const sender = (await findVisitSender(tx, { userId: document.ownerUserId, accountId: document.accountId })) ?? {
      name: '',
      email: null,
      accountName: '',
      accountKind: 'company' as const,
    };
    const at = new Date();
    const links = await insertLinks(
      tx,
      toInvite.map((party) => ({
        id: newPublicCode(),
        documentId,
        partyId: party.id,
        ...linkGatesOf(party, document.settings),
      })),
    );
    for (const [index, party] of toInvite.entries()) {
      const link = links[index];
      if (!link) throw new Error('A link per party was inserted');
      await appendDocumentEvent(tx, {
        documentId,
        type: 'sent',
        at,
        data: {
          partyId: party.id,
          partyName: party.name,
          channels: channelsOfInvitationMethod[party.invitationMethod],
          publicLinkId: document.publicLinkId,
        },
      });
      await queuePartyMessages(deps, tx, {
        kind: 'document-invitation',
        document,
        party,
        linkCode: link.id,
        sender,
        brand,
        idempotencyKey: `invitation:${link.id}`,
      });
    }
    return toInvite.map((party) => party.id);
  });
}
