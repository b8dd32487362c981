import type { IdDocumentType, IdScanFailureCode } from '@signlink/contracts/id-scan/id-scan';
import type { DocumentReading } from '@signlink/providers/id-verification/id-verification.port';
import { parse } from 'mrz';

/** What our own reading of the machine-readable zone found (ICAO 9303 TD1, TD2 or TD3). */
export interface MrzReading {
  format: 'TD1' | 'TD2' | 'TD3';
  documentType: IdDocumentType;
  /** ISO 3166-1 alpha-3 as written in the zone (ICAO's own specimen state, UTO, included). */
  issuingCountry: string;
  documentNumber: string;
  /** YYYY-MM-DD. */
  expiryDate: string;
  lastName: string;
  firstName: string;
}

export type MrzCheck = { ok: true; reading: MrzReading } | { ok: false; code: IdScanFailureCode; reason: string };

/** ICAO 9303 part 3: P is a passport; I, A and C are the identity cards (TD1 and TD2) states issue. */
const documentTypeOfCode: Record<string, IdDocumentType> = {
  P: 'passport',
  I: 'national-id',
  A: 'national-id',
  C: 'national-id',
};

/**
 * Reads the zone ourselves (SPEC section 5: readable MRZ, unexpired, allowed type) rather than trusting the vendor's
 * verdict: every check digit must hold (a misread or altered zone), the code must name an allowed document, and the
 * expiry must not be before `now`. No zone at all is a document without one: a driving licence, so the wrong type.
 */
export function checkMrz({ lines, now }: { lines: readonly string[]; now: Date }): MrzCheck {
  const cleaned = lines.map((line) => line.trim()).filter((line) => line.length > 0);
  if (cleaned.length === 0) return { ok: false, code: 'SCAN_WRONG_TYPE', reason: 'no-mrz' };
  let result: ReturnType<typeof parse>;
  try {
    result = parse(cleaned);
  } catch {
    return { ok: false, code: 'SCAN_UNREADABLE', reason: 'mrz-unparsable' };
  }
  const format = result.format;
  if (format !== 'TD1' && format !== 'TD2' && format !== 'TD3') {
    return { ok: false, code: 'SCAN_WRONG_TYPE', reason: 'mrz-format' };
  }
  // The library also rejects state codes it does not know (ICAO's specimen state UTO among them): only the check
  // digits decide readability here.
  const badDigit = result.details.find((detail) => detail.field?.endsWith('CheckDigit') && !detail.valid);
  if (badDigit) return { ok: false, code: 'SCAN_UNREADABLE', reason: `mrz-${badDigit.field}` };

  const code = cleaned[0]?.charAt(0) ?? '';
  const documentType = documentTypeOfCode[code];
  if (!documentType) return { ok: false, code: 'SCAN_WRONG_TYPE', reason: 'mrz-document-code' };

  const expiryDate = expiryOf(result.fields.expirationDate ?? '');
  if (!expiryDate) return { ok: false, code: 'SCAN_UNREADABLE', reason: 'mrz-expiry' };
  // A document is valid through its expiry day.
  if (expiryDate < now.toISOString().slice(0, 10)) return { ok: false, code: 'SCAN_EXPIRED', reason: 'expired' };

  return {
    ok: true,
    reading: {
      format,
      documentType,
      issuingCountry: (cleaned[0] ?? '').slice(2, 5).replaceAll('<', ''),
      documentNumber: result.fields.documentNumber ?? '',
      expiryDate,
      lastName: result.fields.lastName ?? '',
      firstName: result.fields.firstName ?? '',
    },
  };
}

/**
 * The zone's YYMMDD as a date. Expiry is always in this century for documents in use (valid ten years at most), so
 * the two-digit year is 20YY.
 */
function expiryOf(yymmdd: string): string | undefined {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  if (!match) return undefined;
  const [, yy, mm, dd] = match;
  const iso = `20${yy}-${mm}-${dd}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** The zone's fillers and spacing away, upper case: how the vendor's fields and ours are compared. */
function comparable(value: string | undefined): string {
  return (value ?? '').toUpperCase().replace(/[<\s-]+/g, '');
}

/**
 * Where the vendor's reading disagrees with ours or with the type the recipient said they hold (a disagreement is a
 * failure, not a pass); undefined when they agree. Names are compared without the zone's
 * transliteration differences: the vendor may give them with diacritics the zone cannot write.
 */
export function findVendorDisagreement(input: {
  reading: MrzReading;
  vendor: DocumentReading;
  declaredType: IdDocumentType;
}): string | undefined {
  const { reading, vendor, declaredType } = input;
  if (reading.documentType !== declaredType) return 'declared-type';
  if (vendor.documentType !== reading.documentType) return 'vendor-type';
  if (vendor.documentNumber !== undefined && comparable(vendor.documentNumber) !== comparable(reading.documentNumber)) {
    return 'vendor-number';
  }
  if (vendor.expiryDate !== undefined && vendor.expiryDate !== reading.expiryDate) return 'vendor-expiry';
  if (vendor.lastName !== undefined && ascii(vendor.lastName) !== comparable(reading.lastName))
    return 'vendor-last-name';
  if (vendor.firstName !== undefined && ascii(vendor.firstName) !== comparable(reading.firstName)) {
    return 'vendor-first-name';
  }
  return undefined;
}

function ascii(value: string): string {
  return comparable(value.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'SS'));
}
