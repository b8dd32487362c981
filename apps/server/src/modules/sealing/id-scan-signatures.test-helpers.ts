import { and, eq } from 'drizzle-orm';
import type { SeededDocument } from '../../../test/seed-document.ts';
import type { Database } from '../../db/database.ts';
import { idScans } from '../../db/schema/id-scans.ts';
import { documentSignatures } from '../../db/schema/signatures.ts';
import { newId } from '../../lib/ids.ts';

export interface PassedScan {
  signatureIndex: number;
  /** Type 6: the live capture ran and passed, and the slot signed without ink. */
  live: boolean;
  nameRead: string;
  nameMatches: boolean;
  documentType?: 'passport' | 'national-id';
  issuingCountry?: string;
  numberLast4?: string;
  expiryDate?: string;
  vendorCheckId?: string;
  consentedAt?: Date;
}

/**
 * Turns slots of a document from seedSignedDocument into ID-scanned signatures, as the recipient's signing calls
 * leave them: a passed `id_scans` row per slot, and its signature naming it (method ink-with-id keeps the ink;
 * id-live has none). Written straight to the tables, so sealing is tested apart from the signing routes.
 */
export async function seedPassedIdScans(db: Database, document: SeededDocument, scans: readonly PassedScan[]) {
  const ids: string[] = [];
  for (const scan of scans) {
    const party = document.parties.find((candidate) => candidate.signatureIndex === scan.signatureIndex);
    if (!party) throw new Error(`no party at slot ${scan.signatureIndex}`);
    const id = newId('ids');
    const consentedAt = scan.consentedAt ?? new Date('2026-11-20T09:58:07.000Z');
    await db.insert(idScans).values({
      id,
      documentId: document.documentId,
      partyId: party.id,
      linkId: party.linkCode,
      signatureIndex: scan.signatureIndex,
      needsFace: scan.live,
      status: 'passed',
      consentedAt,
      consentTextVersion: '2026-11-28',
      documentType: scan.documentType ?? 'passport',
      vendor: 'onfido',
      vendorApplicantId: newId('app'),
      vendorCheckId: scan.vendorCheckId ?? newId('chk'),
      checkStartedAt: consentedAt,
      issuingCountry: scan.issuingCountry ?? 'SWE',
      numberLast4: scan.numberLast4 ?? '902C',
      expiryDate: scan.expiryDate ?? '2034-08-11',
      nameRead: scan.nameRead,
      nameMatches: scan.nameMatches,
      livenessPassed: scan.live ? true : null,
      faceMatchPassed: scan.live ? true : null,
      completedAt: consentedAt,
      usedAt: consentedAt,
    });
    await db
      .update(documentSignatures)
      .set({
        method: scan.live ? 'id-live' : 'ink-with-id',
        idScanId: id,
        ...(scan.live ? { ink: null } : {}),
      })
      .where(
        and(
          eq(documentSignatures.documentId, document.documentId),
          eq(documentSignatures.signatureIndex, scan.signatureIndex),
        ),
      );
    ids.push(id);
  }
  return ids;
}
