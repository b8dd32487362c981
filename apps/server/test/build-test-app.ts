import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStorage } from '@signlink/providers/storage/create-storage';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { loadConfig } from '../src/config/config.ts';
import { createPublicUrls } from '../src/config/public-urls.ts';
import { jobDefinitions } from '../src/job-catalog.ts';
import { silentJobLogger } from '../src/jobs/job-definition.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { type RunningAssistantModel, startAssistantModel } from '../src/modules/assistant/start-assistant-model.ts';
import { type RunningBankId, startBankId } from '../src/modules/bankid/start-bankid.ts';
import { type RunningCompanyRegistry, startCompanyRegistry } from '../src/modules/companies/start-company-registry.ts';
import { type RunningVatValidation, startVatValidation } from '../src/modules/companies/start-vat-validation.ts';
import { type RunningIdVerification, startIdVerification } from '../src/modules/id-scan/start-id-verification.ts';
import { type RunningMessaging, startMessaging } from '../src/modules/messaging/start-messaging.ts';
import { type RunningPayments, startPayments } from '../src/modules/payments/start-payments.ts';
import { startSealing } from '../src/modules/sealing/start-sealing.ts';
import { createUploadPdfPool } from '../src/pdf/pdf-pool.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { testRateLimits } from './test-rate-limits.ts';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  context: AppContext;
  database: TestDatabase;
  /** The messaging providers: with simulators on (the test default), the SMTP and Twilio stand-ins on loopback. */
  messaging: RunningMessaging;
  /** BankID: with simulators on, our RP API v6 simulator over mutual TLS, whose controls approve orders. */
  bankId: RunningBankId;
  /** The company registry: with simulators on, the Roaring API simulator with its test companies. */
  companyRegistry: RunningCompanyRegistry;
  /** VAT validation: with simulators on, the VIES REST API simulator with its test VAT numbers. */
  vatValidation: RunningVatValidation;
  /** Card payments: with simulators on, the Stripe simulator, whose controls pay, fail and replay. */
  payments: RunningPayments;
  /** ID scans: with simulators on, the Onfido API simulator, whose controls set face-match and liveness outcomes. */
  idVerification: RunningIdVerification;
  /** The assistant's model: none (offline) unless `env` has `LLM_SIMULATOR: '1'`, then the real adapter on the OpenAI simulator. */
  assistantModel: RunningAssistantModel;
  close(): Promise<void>;
}

/** The real app on this file's own database, for `app.inject` tests; nothing of ours is mocked. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    webRoot?: string | null;
    context?: Partial<AppContext>;
    /** Request logs go nowhere unless a test reads them. */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-test-app-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...testRateLimits, ...options.env });
  const storage = createStorage({ driver: 'local', root: path.join(dataDir, 'files') });
  const publicUrls = createPublicUrls(config);
  const messaging = await startMessaging({ config, publicUrls });
  const bankId = await startBankId(config);
  const companyRegistry = await startCompanyRegistry(config);
  const vatValidation = await startVatValidation(config);
  const payments = await startPayments({ config, publicUrls });
  const idVerification = await startIdVerification({ config, publicUrls });
  const assistantModel = await startAssistantModel(config);
  // The TSA simulator on loopback and the per-process test PKI, unless options.env names a TSA_URL or seal file.
  const sealing = await startSealing(config);
  const pdf = createUploadPdfPool(config);
  // The real queue, started but not working: tests run a job's handler themselves when they need it.
  const queue = createJobQueue({
    database,
    definitions: jobDefinitions,
    logger: silentJobLogger,
    concurrency: 1,
    isMaintainer: false,
    services: (self) => ({
      config,
      messaging: messaging.messaging,
      queue: self,
      storage,
      pdf,
      sealing,
      payments,
      idVerification,
    }),
  });
  await queue.start();
  const context: AppContext = {
    config,
    database,
    storage,
    queue,
    messaging: messaging.messaging,
    bankId,
    companyRegistry,
    vatValidation,
    payments,
    idVerification,
    assistantModel,
    pdf,
    sealing,
    ...options.context,
  };
  const app = await buildApp({
    context,
    webRoot: options.webRoot ?? null,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  return {
    app,
    context,
    database,
    messaging,
    bankId,
    companyRegistry,
    vatValidation,
    payments,
    idVerification,
    assistantModel,
    async close() {
      await app.close();
      await queue.stop({ graceful: false });
      await messaging.stop();
      await bankId.stop();
      await companyRegistry.stop();
      await vatValidation.stop();
      await payments.stop();
      await idVerification.stop();
      await assistantModel.stop();
      await sealing.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
