import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Config } from './config/config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { RunningAssistantModel } from './modules/assistant/start-assistant-model.ts';
import type { RunningBankId } from './modules/bankid/start-bankid.ts';
import type { RunningCompanyRegistry } from './modules/companies/start-company-registry.ts';
import type { RunningVatValidation } from './modules/companies/start-vat-validation.ts';
import type { RunningIdVerification } from './modules/id-scan/start-id-verification.ts';
import type { MessagingContext } from './modules/messaging/messaging-context.ts';
import type { RunningPayments } from './modules/payments/start-payments.ts';
import type { RunningSealing } from './modules/sealing/start-sealing.ts';
import type { PdfPool } from './pdf/pdf-pool.ts';

/** What the process opened at start-up, handed to routes and services (no module reads globals). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
  messaging: MessagingContext;
  bankId: Pick<RunningBankId, 'client' | 'simulator'>;
  /** The organisation-number checks' registry; `registry` is absent when none is configured. */
  companyRegistry: RunningCompanyRegistry;
  /** VAT numbers checked against VIES; `validator` is absent when VAT validation is off. */
  vatValidation: RunningVatValidation;
  /** Card payments (Stripe Checkout); `provider` is absent when Stripe is not configured and simulators are off. */
  payments: Pick<RunningPayments, 'provider' | 'simulator'>;
  /** ID scans' vendor (issue 27); `provider` is absent when none is configured and simulators are off. */
  idVerification: Pick<RunningIdVerification, 'provider' | 'simulator'>;
  /** The assistant's chat model; `provider` is absent with the offline assistant (no LLM_BASE_URL, no LLM_SIMULATOR). */
  assistantModel: Pick<RunningAssistantModel, 'provider' | 'simulator'>;
  /** Worker threads that parse uploaded PDFs off the event loop; closed with the app. */
  pdf: PdfPool;
  /** The seal key, the CA we publish, the verifier's trust anchors and the time-stamping authority. */
  sealing: RunningSealing;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}
