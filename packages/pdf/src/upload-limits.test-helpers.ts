import { limits } from '@signlink/contracts/constants';
import type { PdfLimits } from './pdf-limits.ts';

export const mib = 1024 * 1024;

/** Upload's bounds as the server sets them (apps/server's uploadPdfLimits, with the default MAX_UPLOAD_MB). */
export const uploadLimits: PdfLimits = {
  maxBytes: limits.maxUploadMegabytes * mib,
  maxPages: limits.maxUploadPages,
  maxObjects: limits.maxUploadObjects,
  maxStreamBytes: limits.maxUploadStreamMegabytes * mib,
  maxInflatedBytes: limits.maxUploadInflatedMegabytes * mib,
};
