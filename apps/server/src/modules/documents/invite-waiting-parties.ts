import type { BrandId } from '@signlink/brands/brand-config';
import type { Transaction } from '../../db/database.ts';
import {
  findSender,
  listDocumentLinks,
  listDocumentParties,
  type PartyRow,
} from '../document-core/document-parts.repository.ts';
import { findLiveDocument } from '../document-core/document-rows.repository.ts';
import { openPartyLinks } from './party-invitations.ts';
import type { DocumentMessagingDeps } from './party-messages.ts';

/**
 * The parties a document keeps uninvited until its first party has signed: sign and send (issue 24, part 5) makes
 * only the first party's link. No column says so: a document whose first party has a link while later ones have
 * none is waiting for its first party. Empty when it is not, so callers may ask after any signature.
 */
export function partiesWaitingForFirst(parties: readonly PartyRow[], linkedPartyIds: ReadonlySet<string>): PartyRow[] {
  const [first, ...others] = parties;
  if (!first || !linkedPartyIds.has(first.id)) return [];
  return others.filter((party) => !linkedPartyIds.has(party.id));
}

/**
 * After the first party signed (in the caller's signing transaction): the waiting parties get their links, `sent`
 * events and invitations, from the document's owner as sender. Nothing when the document is not active, the first
 * party has not signed, or nobody waits. Returns the invited parties' ids.
 */
export async function inviteWaitingParties(
  deps: DocumentMessagingDeps,
  tx: Transaction,
  input: { documentId: string; brand: BrandId; at?: Date },
): Promise<string[]> {
  const document = await findLiveDocument(tx, { documentId: input.documentId });
  if (document?.state !== 'active') return [];
  const parties = await listDocumentParties(tx, document.id);
  if (!parties[0]?.signedAt) return [];
  const links = await listDocumentLinks(tx, document.id);
  const waiting = partiesWaitingForFirst(parties, new Set(links.flatMap((link) => link.partyId ?? [])));
  if (waiting.length === 0) return [];
  // The owner signed a moment ago as the first party (the send checked their address), so they are still there.
  const sender = document.ownerUserId
    ? await findSender(tx, { userId: document.ownerUserId, accountId: document.accountId })
    : undefined;
  if (!document.ownerUserId || !sender) return [];
  await openPartyLinks(deps, tx, {
    document,
    parties: waiting,
    sender,
    brand: input.brand,
    byUserId: document.ownerUserId,
    at: input.at ?? new Date(),
    invite: true,
  });
  return waiting.map((party) => party.id);
}
