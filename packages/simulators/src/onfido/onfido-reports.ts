import { parse as parseMrz } from 'mrz';
import type { OnfidoSimulatorOutcome } from './onfido-simulator.ts';
import type { SimFile } from './onfido-store.ts';

type Result = 'clear' | 'consider';
const verdict = (ok: boolean): Result => (ok ? 'clear' : 'consider');

export interface UploadedDocument {
  file: SimFile;
  /** The MRZ read from its image, if any. */
  mrzLines: string[] | undefined;
}

function documentTypeOf(code: string, uploaded: string | undefined): string {
  const letter = code.charAt(0);
  if (letter === 'P') return 'passport';
  if (letter === 'I' || letter === 'A' || letter === 'C') return 'national_identity_card';
  return uploaded ?? 'unknown';
}

/** MRZ dates are YYMMDD; an expiry is taken in this century, a birth date in the past. */
function isoDate(yymmdd: string | null | undefined, kind: 'expiry' | 'birth'): string | undefined {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const currentYy = new Date().getUTCFullYear() % 100;
  const century = kind === 'expiry' ? 2000 : yy > currentYy ? 1900 : 2000;
  return `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/**
 * The document report's result, breakdown and properties as Onfido words them. The MRZ may be on any of the check's
 * images (a national ID card's is on its back); without one the image counts as unreadable, except a driving licence,
 * which has none and is reported as what it was uploaded as, with a `consider`.
 */
export function documentReportBody(documents: UploadedDocument[], today = new Date()) {
  const withMrz = documents.find((document) => document.mrzLines);
  const uploadedType = documents[0]?.file.type;
  if (!withMrz?.mrzLines) {
    // A licence carries no MRZ, so finding none is no sign of a bad image; for anything else it is.
    const isReadable = documents.some((document) => document.file.type === 'driving_licence');
    return {
      result: 'consider' as Result,
      sub_result: isReadable ? 'rejected' : 'caution',
      breakdown: {
        image_integrity: {
          result: verdict(isReadable),
          breakdown: {
            image_quality: { result: verdict(isReadable) },
            supported_document: { result: verdict(isReadable) },
          },
        },
        data_validation: { result: 'consider', breakdown: { mrz: { result: 'consider' } } },
      },
      properties: { document_type: uploadedType ?? 'unknown' },
    };
  }
  const lines = withMrz.mrzLines;
  const parsed = parseMrz(lines);
  const fields = parsed.fields;
  const expiry = isoDate(fields.expirationDate, 'expiry');
  const isExpired = !expiry || expiry < today.toISOString().slice(0, 10);
  const checkDigitsHold = parsed.details
    .filter((detail) => /CheckDigit$/.test(detail.field ?? ''))
    .every((d) => d.valid);
  const result = verdict(parsed.valid && !isExpired);
  const issuingCountry = fields.issuingState ?? lines[0]?.slice(2, 5).replaceAll('<', '');
  return {
    result,
    sub_result: result === 'clear' ? 'clear' : 'rejected',
    breakdown: {
      image_integrity: {
        result: 'clear',
        breakdown: { image_quality: { result: 'clear' }, supported_document: { result: 'clear' } },
      },
      data_validation: {
        result: verdict(parsed.valid && !isExpired),
        breakdown: {
          document_numbers: { result: verdict(checkDigitsHold) },
          expiry_date: { result: verdict(!isExpired) },
          mrz: { result: verdict(parsed.valid) },
        },
      },
      visual_authenticity: { result: 'clear' },
    },
    properties: {
      document_type: documentTypeOf(fields.documentCode ?? '', uploadedType),
      issuing_country: issuingCountry,
      document_numbers: fields.documentNumber ? [{ type: 'document_number', value: fields.documentNumber }] : [],
      date_of_expiry: expiry,
      date_of_birth: isoDate(fields.birthDate, 'birth'),
      first_name: fields.firstName ?? undefined,
      last_name: fields.lastName ?? undefined,
      nationality: fields.nationality ?? undefined,
      mrz_line1: lines[0],
      mrz_line2: lines[1],
      ...(lines[2] ? { mrz_line3: lines[2] } : {}),
    },
  };
}

/** The face report, as the tester set it: Onfido's face comparison and its spoofing detection. */
export function faceReportBody(outcome: OnfidoSimulatorOutcome) {
  const result = verdict(outcome.faceMatch === 'clear' && outcome.liveness === 'clear');
  const score = (value: Result) => (value === 'clear' ? 0.93 : 0.12);
  return {
    result,
    sub_result: result === 'clear' ? 'clear' : 'rejected',
    breakdown: {
      face_comparison: {
        result: outcome.faceMatch,
        breakdown: { face_match: { result: outcome.faceMatch, properties: { score: score(outcome.faceMatch) } } },
      },
      image_integrity: { result: 'clear' },
      visual_authenticity: {
        result: outcome.liveness,
        breakdown: {
          spoofing_detection: { result: outcome.liveness, properties: { score: score(outcome.liveness) } },
        },
      },
    },
    properties: { score: score(outcome.faceMatch) },
  };
}
