import type { DocumentFile, Draft, DraftParty } from '@signlink/contracts/documents/drafts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import type { DocumentFileRow, DocumentPartyRow } from './drafts.repository.ts';

/** The API's shapes (PascalCase, SPEC section 7) of a draft, its files and its parties. */
export function presentFile(file: DocumentFileRow): DocumentFile {
  return {
    Id: file.id,
    Title: file.title,
    PageCount: file.pageCount,
    Pages: file.pageSizes.map((page) => ({ Width: page.width, Height: page.height })),
    ByteSize: file.byteSize,
    Sha256: file.sha256,
    FormFields: file.formFields,
    RemovedContent: file.removedContent,
    Rules: file.rules,
  };
}

export function presentParty(party: DocumentPartyRow): DraftParty {
  return {
    Id: party.id,
    SignatureIndex: party.signatureIndex,
    ...(party.role ? { Role: party.role } : {}),
    Name: party.name,
    ...(party.email ? { Email: party.email } : {}),
    ...(party.phone ? { Phone: party.phone } : {}),
    InvitationMethod: party.invitationMethod,
    SignatureType: party.signatureType,
    ...(party.message ? { Message: party.message } : {}),
    GetPaid: party.getPaid,
    PaymentProductId: party.paymentProductId,
    ...(party.getPaidLabel ? { GetPaidLabel: party.getPaidLabel } : {}),
  };
}

export function presentDraft(document: DocumentRow, files: DocumentFileRow[], parties: DocumentPartyRow[]): Draft {
  return {
    Id: document.id,
    Title: document.title,
    Kind: document.kind,
    Language: document.language,
    AccessLevel: document.accessLevel,
    Settings: document.settings,
    Message: document.message ?? '',
    Parties: parties.map(presentParty),
    Files: files.map(presentFile),
    Created: document.createdAt.toISOString(),
    Updated: document.updatedAt.toISOString(),
  };
}
