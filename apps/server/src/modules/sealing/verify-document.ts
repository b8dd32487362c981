import type { VerificationResult } from '@signlink/contracts/documents/verification';
import { isPdf } from '@signlink/pdf/detect-pdf';
import type { PdfVerification } from '@signlink/pdf/sealing/verify-pdf';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { listDocumentParties } from '../document-core/document-parts.repository.ts';
import { listIdDocumentsOf } from '../document-core/id-documents.repository.ts';
import { presentIdDocument } from '../document-core/present-id-document.ts';
import { findPaymentRecordOf, listPaymentRecordSummaries } from '../sign-pay/verify-payment-records.ts';
import { findSealBySha256 } from './seal.repository.ts';

/**
 * Issue 7, part 6: anyone may ask whether a PDF is one we sealed. The verdict comes from the file alone; the
 * document's identity from our records, found by the file's hash or, when something was appended after the seal,
 * by the hash of the revision the seal covers (so "modified after signing" still says which document it was).
 */
export async function verifyDocument(
  deps: { db: Database; verify(bytes: Uint8Array): Promise<PdfVerification> },
  bytes: Uint8Array,
): Promise<VerificationResult> {
  if (!isPdf(bytes)) throw new AppError('UPLOAD_WRONG_TYPE');
  const report = await deps.verify(bytes);
  const hashes = [report.sha256, report.signedRevisionSha256].filter((hash): hash is string => Boolean(hash));
  let found: Awaited<ReturnType<typeof findSealBySha256>>;
  for (const hash of hashes) {
    found = await findSealBySha256(deps.db, hash);
    if (found) break;
  }
  // Not a document's seal: perhaps a Sign & Pay payment record we sealed (README "Sign & Pay records").
  const paymentRecord = found ? undefined : await findPaymentRecordOf(deps.db, hashes);
  // A file whose seal verifies but that we have no record of is not "ours", whatever its certificate says.
  const verdict = report.verdict === 'valid' && !found && !paymentRecord ? 'not-sealed-by-us' : report.verdict;
  const paymentRecords = found ? await listPaymentRecordSummaries(deps.db, found.document.id) : [];
  return {
    Verdict: verdict,
    Sha256: report.sha256,
    Signatures: report.signatures.map((signature) => ({
      Kind: signature.kind,
      SignerName: signature.signer?.commonName ?? null,
      SignerOrganization: signature.signer?.organization ?? null,
      Intact: signature.intact,
      Trusted: signature.trusted,
      TimestampedAt: signature.timestamp?.valid ? (signature.timestamp.time?.toISOString() ?? null) : null,
      TimestampAuthority: signature.timestamp?.valid ? signature.timestamp.authority : null,
      TimestampTrusted: Boolean(signature.timestamp?.valid && signature.timestamp.trusted),
      CoversWholeFile: signature.coversWholeFile,
    })),
    Document: found ? await presentDocument(deps.db, found, report.sha256) : null,
    ...(paymentRecord ? { PaymentRecord: paymentRecord } : {}),
    ...(paymentRecords.length > 0 ? { PaymentRecords: paymentRecords } : {}),
  };
}

async function presentDocument(
  db: Database,
  found: NonNullable<Awaited<ReturnType<typeof findSealBySha256>>>,
  fileSha256: string,
): Promise<VerificationResult['Document']> {
  const parties = await listDocumentParties(db, found.document.id);
  const idDocuments = new Map((await listIdDocumentsOf(db, found.document.id)).map((row) => [row.partyId, row]));
  return {
    Id: found.document.id,
    Name: found.document.title,
    SealedAt: found.seal.sealedAt?.toISOString() ?? null,
    IsSealedFile: found.seal.sealedSha256 === fileSha256,
    Parties: parties.map((party) => ({
      Name: party.name,
      SignatureType: party.signatureType,
      SignedAt: party.signedAt?.toISOString() ?? null,
      IdDocument: presentIdDocument(idDocuments.get(party.id)),
    })),
  };
}
