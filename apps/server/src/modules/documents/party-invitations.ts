import type { BrandId } from '@signlink/brands/brand-config';
import { channelsOfInvitationMethod, type DocumentSettings } from '@signlink/contracts/documents/document-model';
import type { Transaction } from '../../db/database.ts';
import { newPublicCode } from '../../lib/ids.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { insertLinks, type LinkRow, type PartyRow } from '../document-core/document-parts.repository.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import { type DocumentMessagingDeps, queuePartyMessages, type Sender } from './party-messages.ts';

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
 * One link per party of a sent document, a `sent` event each and, unless `invite` is false, each invitation queued,
 * all in the caller's transaction. Sending does it for every party; sign and send first for the sender alone (not
 * invited: they sign at once), then for the others once the sender has signed (invite-waiting-parties.ts); a public
 * link's visit for its other parties once the visitor has signed (no user acts there: `byUserId` null, and the events
 * name the public link instead).
 */
export async function openPartyLinks(
  deps: DocumentMessagingDeps,
  tx: Transaction,
  input: {
    document: DocumentRow;
    parties: readonly PartyRow[];
    sender: Sender;
    brand: BrandId;
    byUserId: string | null;
    publicLinkId?: string;
    at: Date;
    invite: boolean;
  },
): Promise<LinkRow[]> {
  const { document } = input;
  const links = await insertLinks(
    tx,
    input.parties.map((party) => ({
      id: newPublicCode(),
      documentId: document.id,
      partyId: party.id,
      ...linkGatesOf(party, document.settings),
    })),
  );
  for (const [index, party] of input.parties.entries()) {
    const link = links[index];
    if (!link) throw new Error('A link per party was inserted');
    await appendDocumentEvent(tx, {
      documentId: document.id,
      type: 'sent',
      at: input.at,
      data: {
        partyId: party.id,
        partyName: party.name,
        channels: input.invite ? channelsOfInvitationMethod[party.invitationMethod] : [],
        ...(input.byUserId === null ? {} : { byUserId: input.byUserId }),
        ...(input.publicLinkId === undefined ? {} : { publicLinkId: input.publicLinkId }),
        ...(input.invite ? {} : { signsFirst: true }),
      },
    });
    if (!input.invite) continue;
    await queuePartyMessages(deps, tx, {
      kind: 'document-invitation',
      document,
      party,
      linkCode: link.id,
      sender: input.sender,
      brand: input.brand,
      idempotencyKey: `invitation:${link.id}`,
    });
  }
  return links;
}
