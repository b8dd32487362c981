import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { idScans } from '../../db/schema/id-scans.ts';
import { documentSignatures } from '../../db/schema/signatures.ts';

type Db = Database | Transaction;

/**
 * The identity documents ID-scanned signatures rest on, by party: what the sender is shown of the evidence (the
 * type, the country and the name read, never the number). Only a scan some signature names counts: a failed or
 * abandoned attempt of the same slot is not what signed.
 */
export async function listIdDocumentsOf(db: Db, documentId: string) {
  return db
    .select({
      partyId: documentSignatures.partyId,
      documentType: idScans.documentType,
      issuingCountry: idScans.issuingCountry,
      nameRead: idScans.nameRead,
      nameMatches: idScans.nameMatches,
    })
    .from(documentSignatures)
    .innerJoin(idScans, eq(idScans.id, documentSignatures.idScanId))
    .where(and(eq(documentSignatures.documentId, documentId), isNotNull(documentSignatures.idScanId)));
}
export type IdDocumentRow = Awaited<ReturnType<typeof listIdDocumentsOf>>[number];
