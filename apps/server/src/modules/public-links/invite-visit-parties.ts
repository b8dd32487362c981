import type { BrandId } from '@signlink/brands/brand-config';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import {
  findDocumentLocked,
  listDocumentLinks,
  listDocumentParties,
} from '../document-core/document-parts.repository.ts';
import { openPartyLinks } from '../documents/party-invitations.ts';
import type { DocumentMessagingDeps } from '../documents/party-messages.ts';
import { findVisitSender } from './public-links.repository.ts';

/** The brand the visitor came on, which the visit's 'sent' event keeps (start-visit.ts). */
async function brandOfVisit(deps: DocumentMessagingDeps, documentId: string): Promise<BrandId> {
  const events = await listDocumentEvents(deps.database.db, documentId);
  const brand = events.find((event) => event.type === 'sent')?.data?.brand;
  return brand === 'pdfblankett' ? 'pdfblankett' : 'signlink';
}

/**
 * The visitor signed: the visit's other parties are invited as sending invites them (openPartyLinks, in one
 * transaction). A party that already has a link is left alone, so a repeated run invites nobody twice. Returns who
 * was invited.
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
    await openPartyLinks(deps, tx, {
      document,
      parties: toInvite,
      sender,
      brand,
      byUserId: null,
      publicLinkId: document.publicLinkId,
      at: new Date(),
      invite: true,
    });
    return toInvite.map((party) => party.id);
  });
}
