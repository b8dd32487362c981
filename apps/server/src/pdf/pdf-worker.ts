import { isMainThread, parentPort, threadId } from 'node:worker_threads';
import type { ActiveContentKind } from '@signlink/contracts/documents/active-content';
import { extractPageTexts } from '@signlink/pdf/extract-text';
import type { PdfInspection } from '@signlink/pdf/inspect-pdf';
import { inspectPdf } from '@signlink/pdf/inspect-pdf';
import { type InvoicePdfInput, renderInvoicePdf } from '@signlink/pdf/invoice/invoice-pdf';
import { mergePdfs } from '@signlink/pdf/merge-pdfs';
import {
  type PaymentRecordSealRequest,
  type SealedPaymentRecord,
  sealPaymentRecordPdf,
} from '@signlink/pdf/payment-record/payment-record-pdf';
import { isPdfRejectedError, type PdfLimits, type PdfRejection } from '@signlink/pdf/pdf-limits';
import { type ReceiptPdfInput, renderReceiptPdf } from '@signlink/pdf/receipt/receipt-pdf';
import { sanitizePdf } from '@signlink/pdf/sanitize-pdf';
import { type SealDocumentRequest, type SealedDocument, sealDocument } from '@signlink/pdf/sealing/seal-document';
import type { StampRequest } from '@signlink/pdf/sealing/seal-input';
import { stampDocument } from '@signlink/pdf/sealing/stamp-document';
import { verifyPdf } from '@signlink/pdf/sealing/verify-pdf';
import {
  createTimestampingProvider,
  type TimestampingConfig,
} from '@signlink/providers/timestamping/create-timestamping-provider';

/**
 * The PDF work of upload, run in piscina's worker threads (pdf-pool.ts), never on the event loop. A refusal is
 * answered as a value, not thrown: an error crossing the thread boundary keeps only its message.
 */
export type PdfTaskResult<T> = { ok: true; value: T } | { ok: false; reason: PdfRejection };

/** A task as the pool sends it: the input, and the id under which the thread says the task has begun. */
export interface PdfTask<I> {
  taskId: number;
  input: I;
}

/** Posted to the pool (piscina emits it as 'message') when a task begins: its time limit starts then. */
export interface TaskStartedMessage {
  pdfTaskStarted: number;
}

/**
 * The task, timed from here: a thread that is still starting up, or a task that waited in the queue, must not
 * use up the time limit of a file that parses in a fraction of it.
 */
function timed<I, R>(work: (input: I) => Promise<R>) {
  return (task: PdfTask<I>): Promise<R> => {
    const started: TaskStartedMessage = { pdfTaskStarted: task.taskId };
    parentPort?.postMessage(started);
    return work(task.input);
  };
}

export interface SanitizedUpload {
  /** Null when the uploaded bytes are kept as they came (the caller still has them; nothing is copied back). */
  cleanedBytes: Uint8Array | null;
  removed: ActiveContentKind[];
  inspection: PdfInspection;
}

async function asResult<T>(work: () => Promise<T>): Promise<PdfTaskResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (isPdfRejectedError(error)) return { ok: false, reason: error.reason };
    throw error;
  }
}

export const sanitize = timed((input: { bytes: Uint8Array; limits: PdfLimits }) =>
  asResult<SanitizedUpload>(async () => {
    const result = await sanitizePdf(input.bytes, input.limits);
    return {
      cleanedBytes: result.isUploadedBytes ? null : result.bytes,
      removed: result.removed,
      inspection: result.inspection,
    };
  }),
);

export const merge = timed((input: { files: Uint8Array[]; limits: PdfLimits }) =>
  asResult(async () => {
    const bytes = await mergePdfs(input.files);
    return { bytes, inspection: await inspectPdf(bytes, input.limits) };
  }),
);

/**
 * A seal that asking again will not make (a revoked seal certificate, credentials the TSA refuses: errors whose
 * `isRetryable` is false), answered as a value: across the thread boundary an error keeps only its message.
 */
export interface SealRefusal {
  refused: string;
}

/** Sealing (issue 7): stamp, audit trail and PAdES seal; the TSA client is made here, in the thread that calls it. */
export const seal = timed((input: { request: SealDocumentRequest; timestamping: TimestampingConfig }) =>
  asResult<SealedDocument | SealRefusal>(async () => {
    try {
      return await sealDocument(input.request, createTimestampingProvider(input.timestamping));
    } catch (error) {
      if ((error as { isRetryable?: unknown }).isRetryable === false) return { refused: (error as Error).message };
      throw error;
    }
  }),
);

/** A Sign & Pay payment's record, drawn and sealed like the document (README "Sign & Pay records"). */
export const sealPaymentRecord = timed(
  (input: { request: PaymentRecordSealRequest; timestamping: TimestampingConfig }) =>
    asResult<SealedPaymentRecord | SealRefusal>(async () => {
      try {
        return await sealPaymentRecordPdf(input.request, createTimestampingProvider(input.timestamping));
      } catch (error) {
        if ((error as { isRetryable?: unknown }).isRetryable === false) return { refused: (error as Error).message };
        throw error;
      }
    }),
);

/** A recipient's filled form (issue 8, part 7): sealing's stamping, values drawn and the form flattened, no seal. */
export const fillForm = timed((input: { request: StampRequest }) => asResult(() => stampDocument(input.request)));

/** A receipt drawn from our own data (no untrusted bytes), off the event loop like every PDF we make. */
export const receipt = timed((input: { receipt: ReceiptPdfInput }) => asResult(() => renderReceiptPdf(input.receipt)));

/** An invoice, drawn like the receipt from our own data. */
export const invoice = timed((input: { invoice: InvoicePdfInput }) => asResult(() => renderInvoicePdf(input.invoice)));

/** The verifier (issue 7, part 6) on an uploaded file; a non-PDF is refused before it gets here. */
export const verify = timed((input: { bytes: Uint8Array; trustAnchorsPem: string[] }) =>
  asResult(() => verifyPdf(input.bytes, { trustAnchorsPem: input.trustAnchorsPem })),
);

/** Each page's text for the assistant (issue 28): a knowledge PDF after its checks, or a document's stored file. */
export const extractText = timed((input: { bytes: Uint8Array }) => asResult(() => extractPageTexts(input.bytes)));

/** Where a task runs: the pool's test proves the work leaves the main thread. */
export async function whereAmI() {
  return { isMainThread, threadId };
}
