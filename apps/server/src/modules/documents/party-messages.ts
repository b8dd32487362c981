import type { BrandId } from '@signlink/brands/brand-config';
import { channelsOfInvitationMethod } from '@signlink/contracts/documents/document-model';
import type { DatabaseHandle, Transaction } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import type { PartyRow } from '../document-core/document-parts.repository.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import type { MessagingContext } from '../messaging/messaging-context.ts';
import { sendMessage } from '../messaging/send-message.ts';

/** What the documents services need to queue messages and to build link addresses. */
export interface DocumentMessagingDeps {
  database: DatabaseHandle;
  queue: JobQueue;
  messaging: MessagingContext;
}

export interface Sender {
  name: string;
  email: string | null;
  accountName: string;
  accountKind: 'personal' | 'company' | 'association';
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The sender's message to all and the party's own, as one text (the message schema's 2,000 characters). */
function messageFor(document: DocumentRow, party: PartyRow): string | undefined {
  const parts = [document.message, party.message].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? clip(parts.join('\n\n'), 2000) : undefined;
}

/** Where a party's messages go: each channel of its invitation method it has an address for. */
export function partyRecipients(party: Pick<PartyRow, 'invitationMethod' | 'email' | 'phone'>) {
  return channelsOfInvitationMethod[party.invitationMethod].flatMap((channel) => {
    const to = channel === 'email' ? party.email : party.phone;
    return to ? [{ channel, to }] : [];
  });
}

/**
 * Queues a party's invitation or reminder on every channel of its invitation method, in the caller's transaction
 * (outbox). The link code is the invitation: its texts are counted per link (SPEC section 9, three per invitation),
 * so a corrected contact's new link starts afresh. A failed delivery is told to the sender by e-mail.
 */
export async function queuePartyMessages(
  deps: DocumentMessagingDeps,
  tx: Transaction,
  input: {
    kind: 'document-invitation' | 'document-reminder';
    document: DocumentRow;
    party: PartyRow;
    linkCode: string;
    sender: Sender;
    brand: BrandId;
    /** Makes a retried call send nothing twice. */
    idempotencyKey: string;
  },
) {
  const { document, party, sender } = input;
  const documentName = clip(document.title.trim(), 200);
  const senderName = clip(sender.name.trim() || sender.accountName, 200);
  const message = messageFor(document, party);
  const locale = documentLocaleOf(document);
  for (const { channel, to } of partyRecipients(party)) {
    await sendMessage(
      deps,
      {
        kind: input.kind,
        data: {
          documentName,
          senderName,
          ...(sender.accountKind === 'personal' ? {} : { senderCompany: clip(sender.accountName, 200) }),
          ...(message ? { message } : {}),
          linkCode: input.linkCode,
        },
        channel,
        to,
        locale,
        brand: input.brand,
        accountId: document.accountId,
        documentId: document.id,
        partyId: party.id,
        invitationId: input.linkCode,
        idempotencyKey: `${input.idempotencyKey}:${channel}`,
        ...(sender.email ? { failureNotice: { to: sender.email, locale, documentName } } : {}),
      },
      tx,
    );
  }
}

/** Tells an unsigned party by e-mail that the document was withdrawn (the kind is e-mail only; optional, issue 6). */
export async function queueWithdrawnNotice(
  deps: DocumentMessagingDeps,
  tx: Transaction,
  input: { document: DocumentRow; party: PartyRow; sender: Sender; brand: BrandId },
) {
  // Only to an address sending checked (the party is invited by e-mail), and never failing the withdrawal itself
  // when no e-mail provider is configured.
  const isInvitedByEmail = channelsOfInvitationMethod[input.party.invitationMethod].includes('email');
  if (!input.party.email || !isInvitedByEmail || !deps.messaging.email) return;
  await sendMessage(
    deps,
    {
      kind: 'document-withdrawn',
      data: {
        documentName: clip(input.document.title.trim(), 200),
        senderName: clip(input.sender.name.trim() || input.sender.accountName, 200),
      },
      channel: 'email',
      to: input.party.email,
      locale: documentLocaleOf(input.document),
      brand: input.brand,
      accountId: input.document.accountId,
      documentId: input.document.id,
      partyId: input.party.id,
      idempotencyKey: `withdrawn:${input.party.id}`,
    },
    tx,
  );
}
