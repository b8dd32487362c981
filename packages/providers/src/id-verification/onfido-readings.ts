import type { DocumentReport, FacialSimilarityPhotoReport, Report } from '@onfido/api';
import type { DocumentReading, FaceReading, ReportResult, VendorDocumentType } from './id-verification.port.ts';

/** Onfido's reports turned into the port's readings; anything but `clear` counts as `consider`. */

const resultOf = (value: string | null | undefined): ReportResult => (value === 'clear' ? 'clear' : 'consider');

const DOCUMENT_TYPES: Record<string, VendorDocumentType> = {
  passport: 'passport',
  national_identity_card: 'national-id',
  driving_licence: 'driving-licence',
};

export function documentReadingOf(report: DocumentReport): DocumentReading {
  const properties = report.properties ?? {};
  const mrzLines = [properties.mrz_line1, properties.mrz_line2, properties.mrz_line3].filter(
    (line): line is string => typeof line === 'string' && line.length > 0,
  );
  const number = properties.document_numbers?.find((entry) => entry.type === 'document_number')?.value;
  return {
    result: resultOf(report.result),
    readable: report.breakdown?.image_integrity?.result === 'clear',
    documentType: DOCUMENT_TYPES[properties.document_type ?? ''] ?? 'other',
    ...(properties.issuing_country ? { issuingCountry: properties.issuing_country } : {}),
    ...(number ? { documentNumber: number } : {}),
    ...(properties.date_of_expiry ? { expiryDate: properties.date_of_expiry } : {}),
    ...(properties.first_name ? { firstName: properties.first_name } : {}),
    ...(properties.last_name ? { lastName: properties.last_name } : {}),
    mrzLines,
  };
}

export function faceReadingOf(report: FacialSimilarityPhotoReport): FaceReading {
  const breakdown = report.breakdown;
  return {
    result: resultOf(report.result),
    faceMatch: resultOf(breakdown?.face_comparison?.result),
    liveness: resultOf(breakdown?.visual_authenticity?.breakdown?.spoofing_detection?.result),
  };
}

export const isDocumentReport = (report: Report): report is DocumentReport & { name: 'document' } =>
  report.name === 'document';

export const isFaceReport = (
  report: Report,
): report is FacialSimilarityPhotoReport & { name: 'facial_similarity_photo' } =>
  report.name === 'facial_similarity_photo';
