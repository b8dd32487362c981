import os from 'node:os';
import { limits } from '@signlink/contracts/constants';
import type { ErrorCode } from '@signlink/contracts/errors/error-codes';
import type { PageText } from '@signlink/pdf/extract-text';
import type { PdfInspection } from '@signlink/pdf/inspect-pdf';
import type { InvoicePdfInput } from '@signlink/pdf/invoice/invoice-pdf';
import type { PaymentRecordSealRequest, SealedPaymentRecord } from '@signlink/pdf/payment-record/payment-record-pdf';
import type { PdfLimits, PdfRejection } from '@signlink/pdf/pdf-limits';
import type { ReceiptPdfInput } from '@signlink/pdf/receipt/receipt-pdf';
import type { SealDocumentRequest, SealedDocument } from '@signlink/pdf/sealing/seal-document';
import type { StampRequest } from '@signlink/pdf/sealing/seal-input';
import type { PdfVerification } from '@signlink/pdf/sealing/verify-pdf';
import type { TimestampingConfig } from '@signlink/providers/timestamping/create-timestamping-provider';
import { Piscina } from 'piscina';
import { AppError } from '../errors.ts';
import { createFairTaskQueue, type PdfLane } from './fair-task-queue.ts';
import type { PdfTask, PdfTaskResult, SanitizedUpload, SealRefusal, TaskStartedMessage } from './pdf-worker.ts';

/**
 * Parsing an untrusted PDF is CPU work that a hostile file can stretch: it runs in worker threads (piscina),
 * never on the event loop, each task with a time limit after which its thread is ended (issue 6: "parsed
 * with a time limit") and a heap limit that ends a thread a file would exhaust. The limit counts the task
 * only: it starts when the thread reports the task has begun, never while the task waits in the queue or a
 * thread starts up (a cold thread took 2.4 to 20 s on a loaded machine and refused good files as timed out).
 */
export interface PdfPool {
  /**
   * Upload's check and clean-up; refusals as the catalogue's AppError. `owner` is whom the work is for (an
   * account, a link): one owner's tasks never hold every thread (fair-task-queue.ts).
   */
  sanitize(bytes: Uint8Array, owner: string): Promise<SanitizedUpload>;
  merge(files: Uint8Array[], owner: string): Promise<{ bytes: Uint8Array; inspection: PdfInspection }>;
  /**
   * Sealing's PDF work (issue 7), with the seal key and the TSA it is given; a longer time limit than parsing.
   * SealRefusedError when asking again will not help (a revoked seal certificate).
   */
  seal(request: SealDocumentRequest, timestamping: TimestampingConfig): Promise<SealedDocument>;
  /** A Sign & Pay payment's record, drawn and sealed with the document's seal key and TSA; refusals as seal's. */
  sealPaymentRecord(request: PaymentRecordSealRequest, timestamping: TimestampingConfig): Promise<SealedPaymentRecord>;
  /** A recipient's filled form as one flattened PDF (issue 8, part 7): stamping without a seal. */
  fillForm(request: StampRequest): Promise<{ bytes: Uint8Array; pageCount: number }>;
  /** A payment's receipt as a PDF (SPEC section 3, Receipt); `owner` is the account. */
  receipt(input: ReceiptPdfInput, owner: string): Promise<Uint8Array>;
  /** An invoice as a PDF (SPEC section 9, invoice terms); `owner` is the account. */
  invoice(input: InvoicePdfInput, owner: string): Promise<Uint8Array>;
  /** `owner`: the client address asking (verification is open to anyone). */
  verify(bytes: Uint8Array, trustAnchorsPem: string[], owner: string): Promise<PdfVerification>;
  /**
   * Each page's text (issue 28: what the assistant answers from), of a file that passed `sanitize`; `lane` is
   * 'upload' for a file just uploaded, 'internal' for one of our stored files.
   */
  extractText(bytes: Uint8Array, task: { owner: string; lane: 'upload' | 'internal' }): Promise<PageText[]>;
  /** Starts the warm thread now, resolving once it has loaded the PDF code (start-up calls it; tasks need not). */
  warmUp(): Promise<void>;
  /** Where tasks run (for the pool's own test). */
  whereAmI(): Promise<{ isMainThread: boolean; threadId: number }>;
  /** Threads started and not ended (for the pool's own test and the bench). */
  threadCount(): number;
  close(): Promise<void>;
}

/** The worker's SealRefusal, thrown again on this side: the seal job gives up on it at once (seal-document.ts). */
export class SealRefusedError extends Error {
  readonly isRetryable = false;

  constructor(message: string) {
    super(message);
    this.name = 'SealRefusedError';
  }
}

declare module '../jobs/job-definition.ts' {
  interface JobServices {
    /** The PDF worker threads: sealing runs there, off the event loop. */
    pdf: PdfPool;
  }
}

export interface PdfPoolOptions {
  limits: PdfLimits;
  taskTimeoutMs: number;
  /** Stamping, the audit trail and a TSA round trip (with its retries) on a 2,000-page file. */
  sealTimeoutMs?: number;
  /** At least one; three or more keep a thread each for verification and our own work (fair-task-queue.ts). */
  maxThreads?: number;
  /** Threads kept while idle, loaded and ready: 1, so an upload after a quiet spell does not wait for a start. */
  minThreads?: number;
  /** How long a thread beyond the kept ones stays after its last task (the bench shortens it). */
  idleTimeoutMs?: number;
  /** The threads' entry; the pool's test gives one that starts slowly. */
  workerUrl?: URL;
}

const rejectionCodes: Record<PdfRejection, ErrorCode> = {
  'not-a-pdf': 'UPLOAD_WRONG_TYPE',
  'too-large': 'FILE_TOO_LARGE',
  damaged: 'UPLOAD_DAMAGED',
  'password-protected': 'UPLOAD_PASSWORD_PROTECTED',
  restricted: 'UPLOAD_RESTRICTED',
  'too-many-pages': 'UPLOAD_TOO_COMPLEX',
  'too-many-objects': 'UPLOAD_TOO_COMPLEX',
  'stream-too-large': 'UPLOAD_TOO_COMPLEX',
  'inflates-too-large': 'UPLOAD_TOO_COMPLEX',
  'active-content': 'UPLOAD_ACTIVE_CONTENT',
};

/** Heap for one worker: the largest upload, the objects pdf-lib makes of it, and one bounded inflate. */
const workerHeapMegabytes = 1536;

/**
 * Run from its TypeScript source (tests, the bench), a thread registers tsx before it imports pdf-worker.ts; the
 * compiled server (apps/server/dist, scripts/build-server.mjs) has the worker compiled beside it.
 */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./pdf-worker-entry.mjs', import.meta.url)
    : new URL('./pdf-worker.js', import.meta.url);
}

/** Three even on a two-core machine: an upload, a verification and a seal each get a thread at once. */
function defaultMaxThreads(): number {
  return Math.max(3, Math.min(4, os.availableParallelism() - 1));
}

export function createPdfPool(options: PdfPoolOptions): PdfPool {
  const maxThreads = options.maxThreads ?? defaultMaxThreads();
  // Tasks wait in the fair queue, never in piscina's: a task is handed over only when a thread is free for it.
  const queue = createFairTaskQueue(maxThreads);
  let threads: Piscina | undefined;
  // The running tasks' clocks, started when their thread says the task has begun (pdf-worker.ts).
  const startClocks = new Map<number, () => void>();
  let lastTaskId = 0;
  let isClosed = false;
  /** The warm thread's start, while it loads the PDF code. */
  let warming: Promise<unknown> | undefined;

  // Made on first use: a process that never parses a PDF (most test files) starts no thread.
  function openThreads(): Piscina {
    if (threads) return threads;
    threads = new Piscina({
      filename: (options.workerUrl ?? defaultWorkerUrl()).href,
      minThreads: options.minThreads ?? 1,
      maxThreads,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      resourceLimits: { maxOldGenerationSizeMb: workerHeapMegabytes },
    });
    threads.on('message', (message: unknown) => {
      const taskId = (message as Partial<TaskStartedMessage> | null)?.pdfTaskStarted;
      if (typeof taskId === 'number') startClocks.get(taskId)?.();
    });
    return threads;
  }

  interface TaskOptions {
    lane: PdfLane;
    owner: string;
    timeoutMs?: number;
  }

  function run<T>(name: string, input: object, task: TaskOptions): Promise<T> {
    return queue.run(task.lane, task.owner, () => runInThread<T>(name, input, task.timeoutMs ?? options.taskTimeoutMs));
  }

  async function runInThread<T>(name: string, input: object, timeoutMs: number): Promise<T> {
    const taskId = ++lastTaskId;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    startClocks.set(taskId, () => {
      timer = setTimeout(() => controller.abort(), timeoutMs);
    });
    let result: PdfTaskResult<T>;
    try {
      const task: PdfTask<object> = { taskId, input };
      result = await openThreads().run(task, { name, signal: controller.signal });
    } catch (error) {
      // Aborted at the time limit: the thread is ended mid-parse; the file is answered as unreadable.
      if (controller.signal.aborted) throw new AppError('UPLOAD_DAMAGED', { details: { reason: 'parse-timeout' } });
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new AppError('UPLOAD_TOO_COMPLEX', { details: { reason: 'out-of-memory' } });
      }
      throw error;
    } finally {
      startClocks.delete(taskId);
      clearTimeout(timer);
    }
    if (!result.ok) throw new AppError(rejectionCodes[result.reason], { details: { reason: result.reason } });
    return result.value;
  }

  const whereAmI = (): Promise<{ isMainThread: boolean; threadId: number }> =>
    openThreads().run({}, { name: 'whereAmI' });

  return {
    sanitize: (bytes, owner) => run('sanitize', { bytes, limits: options.limits }, { lane: 'upload', owner }),
    merge: (files, owner) => run('merge', { files, limits: options.limits }, { lane: 'internal', owner }),
    seal: async (request, timestamping) => {
      let sealed: SealedDocument | SealRefusal;
      try {
        sealed = await run(
          'seal',
          { request, timestamping },
          { lane: 'internal', owner: 'sealing', timeoutMs: options.sealTimeoutMs ?? 120_000 },
        );
      } catch (error) {
        // Sealing reads our own stored files: a time limit here is a failure to retry, not a bad upload.
        if (error instanceof AppError) throw new Error(`sealing failed: ${error.code}`);
        throw error;
      }
      if ('refused' in sealed) throw new SealRefusedError(sealed.refused);
      return sealed;
    },
    sealPaymentRecord: async (request, timestamping) => {
      let sealed: SealedPaymentRecord | SealRefusal;
      try {
        sealed = await run(
          'sealPaymentRecord',
          { request, timestamping },
          { lane: 'internal', owner: 'sealing', timeoutMs: options.sealTimeoutMs ?? 120_000 },
        );
      } catch (error) {
        // Our own data: a time limit here is a failure to retry, not a bad upload.
        if (error instanceof AppError) throw new Error(`sealing the payment record failed: ${error.code}`);
        throw error;
      }
      if ('refused' in sealed) throw new SealRefusedError(sealed.refused);
      return sealed;
    },
    fillForm: async (request) => {
      try {
        return await run<{ bytes: Uint8Array; pageCount: number }>(
          'fillForm',
          { request },
          { lane: 'internal', owner: 'forms' },
        );
      } catch (error) {
        // Our own stored files: a refusal here is a server failure, not the recipient's bad upload.
        if (error instanceof AppError) throw new Error(`filling the form failed: ${error.code}`);
        throw error;
      }
    },
    receipt: async (receipt, owner) => {
      try {
        return await run<Uint8Array>('receipt', { receipt }, { lane: 'internal', owner });
      } catch (error) {
        // Our own data: a refusal or a time-out here is a server failure, never the buyer's bad input.
        if (error instanceof AppError) throw new Error(`drawing the receipt failed: ${error.code}`);
        throw error;
      }
    },
    invoice: async (invoice, owner) => {
      try {
        return await run<Uint8Array>('invoice', { invoice }, { lane: 'internal', owner });
      } catch (error) {
        // As the receipt: our own data, so any refusal is a server failure.
        if (error instanceof AppError) throw new Error(`drawing the invoice failed: ${error.code}`);
        throw error;
      }
    },
    extractText: (bytes, task) => run('extractText', { bytes }, task),
    verify: (bytes, trustAnchorsPem, owner) => run('verify', { bytes, trustAnchorsPem }, { lane: 'verify', owner }),
    warmUp: async () => {
      try {
        warming = whereAmI();
        await warming;
      } catch (error) {
        // Shut down while the thread was starting (a stop right after start-up): nothing failed.
        if (!isClosed) throw error;
      }
    },
    whereAmI,
    threadCount: () => threads?.threads.length ?? 0,
    close: async () => {
      isClosed = true;
      // Terminating a thread while it still instantiates its modules aborts Node 20 itself (V8's IsGraphAsync
      // check): a stop right after start-up lets the warm thread finish loading first.
      await warming?.catch(() => undefined);
      await threads?.destroy();
    },
  };
}

/** Upload's bounds (packages/contracts `limits`, the byte bound from MAX_UPLOAD_MB). */
export function uploadPdfLimits(config: { maxUploadBytes: number }): PdfLimits {
  const mib = 1024 * 1024;
  return {
    maxBytes: config.maxUploadBytes,
    maxPages: limits.maxUploadPages,
    maxObjects: limits.maxUploadObjects,
    maxStreamBytes: limits.maxUploadStreamMegabytes * mib,
    maxInflatedBytes: limits.maxUploadInflatedMegabytes * mib,
  };
}

/** The pool every process opens at start-up (main.ts, the test app, the bench). */
export function createUploadPdfPool(
  config: { maxUploadBytes: number },
  threads: Pick<PdfPoolOptions, 'minThreads' | 'maxThreads' | 'idleTimeoutMs'> = {},
): PdfPool {
  return createPdfPool({
    limits: uploadPdfLimits(config),
    taskTimeoutMs: limits.uploadParseSeconds * 1000,
    ...threads,
  });
}
