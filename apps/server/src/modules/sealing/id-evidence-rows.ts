import type { createTranslator } from '@signlink/i18n/create-translator';
import { formatUtcSeconds } from '@signlink/pdf/sealing/format-time';
import type { AuditRow } from '@signlink/pdf/sealing/seal-input';
import type { IdScanRow } from './seal.repository.ts';

type Translate = ReturnType<typeof createTranslator>;
const key = 'sealing:auditTrail.idEvidence';

/**
 * What an ID scan found, as the audit trail prints it under its signer (SPEC section 5: an ID scan is evidence of
 * who signed): the document with only its number's last four characters, the name read from it (flagged when it
 * is not the invited name, which the sender also sees), the vendor's check with the consent it rests on, and for a
 * live check that the face was live and matched. A field the scan did not yield is left out rather than guessed.
 */
export function idEvidenceRows(t: Translate, scan: IdScanRow): AuditRow[] {
  const rows: AuditRow[] = [];
  if (scan.documentType && scan.issuingCountry && scan.numberLast4 && scan.expiryDate) {
    rows.push({
      label: t(`${key}.document`),
      value: t(`${key}.documentValue`, {
        documentType: t(`${key}.documentTypes.${scan.documentType}`),
        country: scan.issuingCountry,
        last4: scan.numberLast4,
        expiry: scan.expiryDate,
      }),
    });
  }
  if (scan.nameRead) {
    const value = scan.nameMatches === false ? t(`${key}.nameDiffers`, { name: scan.nameRead }) : scan.nameRead;
    rows.push({ label: t(`${key}.nameRead`), value });
  }
  rows.push({
    label: t(`${key}.check`),
    value: t(`${key}.checkValue`, {
      vendor: t(`${key}.vendors.${scan.vendor}`, { defaultValue: scan.vendor }),
      checkId: scan.vendorCheckId ?? '—',
      consentedAt: formatUtcSeconds(scan.consentedAt.toISOString()),
      version: scan.consentTextVersion,
    }),
  });
  if (scan.needsFace && scan.livenessPassed && scan.faceMatchPassed) {
    rows.push({ label: t(`${key}.liveCheck`), value: t(`${key}.liveCheckPassed`) });
  }
  return rows;
}
