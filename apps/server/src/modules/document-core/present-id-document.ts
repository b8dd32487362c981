import type { PartyIdDocument } from '@signlink/contracts/documents/party-id-document';
import type { IdDocumentRow } from './id-documents.repository.ts';

/** A scan without its reading (it never passed) shows nothing rather than half a document. */
export function presentIdDocument(row: IdDocumentRow | undefined): PartyIdDocument | null {
  if (!row?.documentType || !row.issuingCountry || !row.nameRead || row.nameMatches === null) return null;
  return {
    DocumentType: row.documentType,
    IssuingCountry: row.issuingCountry,
    NameRead: row.nameRead,
    NameMatches: row.nameMatches,
  };
}
