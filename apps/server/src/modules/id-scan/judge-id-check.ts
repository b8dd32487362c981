import type { IdDocumentType, IdScanFailureCode } from '@signlink/contracts/id-scan/id-scan';
import type { CheckOutcome } from '@signlink/providers/id-verification/id-verification.port';
import { checkMrz, findVendorDisagreement } from './mrz-check.ts';
import { namesMatch } from './name-match.ts';

type CompleteCheck = Extract<CheckOutcome, { status: 'complete' }>;

export type IdCheckVerdict =
  | {
      passed: true;
      evidence: {
        documentType: IdDocumentType;
        issuingCountry: string;
        numberLast4: string;
        expiryDate: string;
        nameRead: string;
        nameMatches: boolean;
        livenessPassed: boolean | null;
        faceMatchPassed: boolean | null;
      };
    }
  | { passed: false; code: IdScanFailureCode; reason: string };

/**
 * Our verdict on the vendor's check (SPEC sections 5 and 8): the image must have been readable, the zone must read
 * for us too (check digits, expiry, an allowed type) and agree with the vendor and with what the recipient said they
 * hold; for a live check the face must match the document's and be a live person's. A name that differs from the
 * party's is evidence for the sender (as with BankID), not a failure.
 */
export function judgeIdCheck(input: {
  check: CompleteCheck;
  declaredType: IdDocumentType | null;
  needsFace: boolean;
  partyName: string;
  now: Date;
}): IdCheckVerdict {
  const { document, face } = input.check;
  if (!document.readable) return { passed: false, code: 'SCAN_UNREADABLE', reason: 'vendor-unreadable' };
  if (document.documentType === 'driving-licence' || document.documentType === 'other') {
    return { passed: false, code: 'SCAN_WRONG_TYPE', reason: `vendor-${document.documentType}` };
  }
  const mrz = checkMrz({ lines: document.mrzLines, now: input.now });
  if (!mrz.ok) return { passed: false, code: mrz.code, reason: mrz.reason };
  const { reading } = mrz;
  if (!input.declaredType) return { passed: false, code: 'SCAN_FAILED', reason: 'no-declared-type' };
  const disagreement = findVendorDisagreement({ reading, vendor: document, declaredType: input.declaredType });
  if (disagreement) return { passed: false, code: 'SCAN_FAILED', reason: disagreement };
  if (document.result !== 'clear') return { passed: false, code: 'SCAN_FAILED', reason: 'vendor-document-consider' };
  if (input.needsFace) {
    if (!face) return { passed: false, code: 'SCAN_FAILED', reason: 'no-face-report' };
    if (face.faceMatch !== 'clear') return { passed: false, code: 'SCAN_MATCH_FAILED', reason: 'face-match' };
    if (face.liveness !== 'clear') return { passed: false, code: 'SCAN_LIVENESS_FAILED', reason: 'liveness' };
  }
  const firstName = document.firstName ?? reading.firstName;
  const lastName = document.lastName ?? reading.lastName;
  return {
    passed: true,
    evidence: {
      documentType: reading.documentType,
      issuingCountry: reading.issuingCountry,
      numberLast4: reading.documentNumber.slice(-4),
      expiryDate: reading.expiryDate,
      nameRead: `${firstName} ${lastName}`.trim(),
      nameMatches: namesMatch({ read: { firstName, lastName }, party: input.partyName }),
      livenessPassed: input.needsFace ? true : null,
      faceMatchPassed: input.needsFace ? true : null,
    },
  };
}
