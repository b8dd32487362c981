import type { BrandId } from '@signlink/brands/brand-config';
import { limits } from '@signlink/contracts/constants';
import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { Transaction } from '../../db/database.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import { findActivePartyLink, listDocumentParties } from '../document-core/document-parts.repository.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import { partyRecipients } from '../documents/party-messages.ts';
import { type MessageAttachment, type SendMessageDeps, sendMessage } from '../messaging/send-message.ts';
import { findOwnerContact, type SealRow } from './seal.repository.ts';

/**
 * The "signed by everyone" notices, queued in the completing transaction (outbox): every party on each channel of
 * their invitation, through their own link, and the document's owner by e-mail in the owner's saved language. The
 * sealed PDF goes along by e-mail when it may (allow downloading, SPEC section 3, limits the parties only) and fits.
 */
export async function queueCompletionMessages(
  deps: SendMessageDeps,
  tx: Transaction,
  input: { document: DocumentRow; brand: BrandId; seal: SealRow | undefined },
) {
  const { document, brand } = input;
  const documentName = document.title.slice(0, 200);
  const sealedPdf = sealedPdfAttachment(document.title, input.seal);
  const allowsDownloading = settingsWithDefaults(document.settings).allowDownloading;
  const partyPdf = allowsDownloading ? (sealedPdf ? 'attached' : 'link') : 'not-allowed';
  for (const party of await listDocumentParties(tx, document.id)) {
    const link = await findActivePartyLink(tx, party.id);
    if (!link) continue;
    for (const { channel, to } of partyRecipients(party)) {
      await sendMessage(
        deps,
        {
          kind: 'document-completed',
          data: { documentName, linkCode: link.id, pdf: partyPdf },
          channel,
          to,
          locale: documentLocaleOf(document),
          brand,
          accountId: document.accountId,
          documentId: document.id,
          partyId: party.id,
          idempotencyKey: `completed:${document.id}:${party.id}:${channel}`,
          ...(channel === 'email' && partyPdf === 'attached' && sealedPdf && { attachments: [sealedPdf] }),
        },
        tx,
      );
    }
  }
  const owner = document.ownerUserId ? await findOwnerContact(tx, document.ownerUserId) : undefined;
  // An owner without an e-mail address (a BankID-only user) sees the completion on the document's page alone.
  if (!owner?.email || !deps.messaging.email) return;
  await sendMessage(
    deps,
    {
      kind: 'document-completed-owner',
      data: { documentName, documentId: document.id, isPdfAttached: Boolean(sealedPdf) },
      channel: 'email',
      to: owner.email,
      locale: owner.locale,
      brand,
      accountId: document.accountId,
      documentId: document.id,
      idempotencyKey: `completed-owner:${document.id}`,
      ...(sealedPdf && { attachments: [sealedPdf] }),
    },
    tx,
  );
}

/**
 * The sealed PDF itself by e-mail, unless it is too large for mail servers to take (limits.maxEmailAttachmentBytes);
 * then, as in texts, the message's link is the way to it.
 */
export function sealedPdfAttachment(
  title: string,
  seal: { sealedStorageKey: string | null; sealedByteSize: number | null } | undefined,
): MessageAttachment | undefined {
  if (!seal?.sealedStorageKey || seal.sealedByteSize === null) return undefined;
  if (seal.sealedByteSize > limits.maxEmailAttachmentBytes) return undefined;
  // Characters no common file system takes in a name become "_"; the rest of the title stays as the sender wrote it.
  const name =
    title
      .replace(/[\p{Cc}\\/:*?"<>|]/gu, '_')
      .trim()
      .slice(0, 200) || 'document';
  return { storageKey: seal.sealedStorageKey, filename: `${name}.pdf`, contentType: 'application/pdf' };
}
