import { limits } from '@signlink/contracts/constants';
import { documentStatusOf, isLate } from '@signlink/contracts/documents/document-status';
import {
  type DocumentDetail,
  type DocumentSummary,
  historyEventTypes,
  type ZHistoryEvent,
} from '@signlink/contracts/documents/documents';
import type { z } from 'zod';
import { can, type PolicyActor } from '../document-core/account.policy.ts';
import { policyDocumentOf } from '../document-core/document-access.ts';
import type { IdDocumentRow } from '../document-core/id-documents.repository.ts';
import { presentIdDocument } from '../document-core/present-id-document.ts';
import type { PartyDeliveryState } from '../messaging/party-delivery-state.ts';
import type { DocumentRow, EventRow, FileRow, LinkRow, PartyRow } from './documents.repository.ts';

export interface DocumentParts {
  row: DocumentRow;
  parties: readonly PartyRow[];
  deliveries: ReadonlyMap<string, PartyDeliveryState>;
  latestEvent: { type: string; createdAt: Date } | undefined;
}

const knownEventTypes = new Set<string>(historyEventTypes);
type HistoryEventType = (typeof historyEventTypes)[number];
const isEventType = (type: string): type is HistoryEventType => knownEventTypes.has(type);

/** One row of the sender's lists (SPEC section 2, Sent list); the status from `documentStatusOf` only. */
export function presentDocumentSummary(parts: DocumentParts, actor: PolicyActor, now: Date): DocumentSummary {
  const { document, ownerName, hasSealError } = parts.row;
  const status = documentStatusOf({ state: document.state, parties: parts.parties, hasSealError });
  const policyDocument = policyDocumentOf(document);
  const latest = parts.latestEvent;
  return {
    Id: document.id,
    Name: document.title,
    Status: status,
    Handled: document.handled,
    Archived: document.archivedAt !== null,
    AccessLevel: document.accessLevel,
    IsLate: isLate({ status, sentAt: document.sentAt, now, lateDays: limits.lateWarningDays }),
    Owner: { UserId: document.ownerUserId, Name: ownerName ?? '' },
    IsOwn: document.ownerUserId === actor.userId,
    CanManage: can(actor, 'document.manage', policyDocument),
    CanShare: can(actor, 'document.share', policyDocument),
    Created: document.createdAt.toISOString(),
    Sent: document.sentAt?.toISOString() ?? null,
    Updated: document.updatedAt.toISOString(),
    LatestEvent: latest && isEventType(latest.type) ? { Type: latest.type, At: latest.createdAt.toISOString() } : null,
    SignedCount: parts.parties.filter((party) => party.signedAt).length,
    PartyCount: parts.parties.length,
    Parties: parts.parties.map((party) => ({
      Id: party.id,
      SignatureIndex: party.signatureIndex,
      Name: party.name,
      Email: party.email,
      Phone: party.phone,
      InvitationMethod: party.invitationMethod,
      SignatureType: party.signatureType,
      GetPaid: party.getPaid,
      Signed: party.signedAt !== null,
      SignedAt: party.signedAt?.toISOString() ?? null,
      Paid: party.paidAt !== null,
      PaidAt: party.paidAt?.toISOString() ?? null,
      Opened: party.openedAt !== null,
      Delivery: parts.deliveries.get(party.id)?.status ?? 'none',
      // What the limits still allow (SPEC section 9); whether a reminder applies now is the reminder rule's.
      RemindersLeft: Math.max(0, limits.remindersPerPartyTotal - party.remindersSent),
      ContactUpdatesLeft: Math.max(0, limits.contactUpdatesPerParty - party.contactUpdates),
    })),
  };
}

/**
 * The event details a document's viewers may see (ZHistoryEvent.Details): what was done and how, never ids, keys,
 * tokens or a signer's personal number. A key another service starts writing shows once it is listed here.
 */
const shownDetailKeys = [
  'channel',
  'channels',
  'reason',
  'handled',
  'accessLevel',
  'previousAccessLevel',
  'ownDocumentOnly',
  'previousEmail',
  'previousPhone',
  'email',
  'phone',
  'invitationMethod',
  'previousInvitationMethod',
  'signatureType',
  'fileName',
  'amountMinor',
  'currency',
  // A Sign & Pay payment's VAT and the provider's id for it: what its audit trail names (issue 25).
  'vatMinor',
  'vatPercent',
  'providerPaymentId',
  'duplicatedFromTitle',
  'reminderNumber',
  'signedInAs',
  'method',
  'appearance',
] as const;

export function presentHistoryEvent(
  event: EventRow,
  partyNames: ReadonlyMap<string, string>,
): z.infer<typeof ZHistoryEvent> | null {
  if (!isEventType(event.type)) return null;
  const partyId = typeof event.data.partyId === 'string' ? event.data.partyId : null;
  const details = Object.fromEntries(
    shownDetailKeys.filter((key) => event.data[key] !== undefined).map((key) => [key, event.data[key]]),
  );
  return {
    Type: event.type,
    At: event.createdAt.toISOString(),
    PartyId: partyId,
    PartyName: partyId ? (partyNames.get(partyId) ?? null) : null,
    Details: details,
  };
}

export function presentDocumentDetail(
  parts: DocumentParts & {
    files: readonly FileRow[];
    events: readonly EventRow[];
    links: readonly LinkRow[];
    verifiedNames: readonly { partyId: string | null; signerName: string }[];
    idDocuments: readonly IdDocumentRow[];
  },
  actor: PolicyActor,
  now: Date,
): DocumentDetail {
  const { document } = parts.row;
  const partyNames = new Map(parts.parties.map((party) => [party.id, party.name]));
  const summary = presentDocumentSummary(parts, actor, now);
  const canShare = summary.CanShare;
  const verifiedNames = new Map(parts.verifiedNames.map((row) => [row.partyId, row.signerName]));
  const idDocuments = new Map(parts.idDocuments.map((row) => [row.partyId, row]));
  return {
    ...summary,
    Parties: summary.Parties.map((party) => ({
      ...party,
      VerifiedName: verifiedNames.get(party.Id) ?? null,
      IdDocument: presentIdDocument(idDocuments.get(party.Id)),
    })),
    Settings: document.settings,
    Message: document.message ?? '',
    Language: document.language,
    Files: parts.files.map((file) => ({ Id: file.id, Title: file.title, PageCount: file.pageCount })),
    History: parts.events.flatMap((event) => presentHistoryEvent(event, partyNames) ?? []),
    // Links from before parties existed (recipient-side seeds) have no party to show them under. A code is the
    // party's credential: only the owner gets it; colleagues see each link's state.
    Links: parts.links.flatMap((link) =>
      link.partyId ? [{ ...(canShare ? { Code: link.id } : {}), PartyId: link.partyId, Status: link.status }] : [],
    ),
    ReservedMinor: parts.parties.reduce((sum, party) => sum + party.reservedMinor, 0),
    Currency: document.currency,
  };
}
