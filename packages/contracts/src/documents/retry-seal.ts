import type { z } from 'zod';
import { ZDocumentSummary } from './documents.ts';

/**
 * `POST linktinker/errands/{id}/seal/retry` (issue 7, part 5: "a failing seal is retried and then shown to the owner
 * as an error"): whoever manages the document starts sealing again after the automatic retries gave up. No body;
 * the answer is the document as a list row, its status no longer "error". Refused with SEAL_NOT_FAILED (409) unless
 * the seal failed, and DOCUMENT_NOT_OPEN (409) once the document is no longer active (withdrawn or expired).
 */
export const ZRetrySealResponse = ZDocumentSummary;
export type RetrySealResponse = z.infer<typeof ZRetrySealResponse>;
