import { X509Certificate } from 'node:crypto';
import { createStorage } from '@signlink/providers/storage/create-storage';
import { buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { createPublicUrls } from './config/public-urls.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { migrateDatabase, openDatabase } from './db/open-database.ts';
import { ensureDemoAccount } from './db/seed/demo-account.ts';
import { jobDefinitions, jobPollers, jobSchedules } from './job-catalog.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { runWorkers, type StopWorkers } from './jobs/run-workers.ts';
import { startAssistantModel } from './modules/assistant/start-assistant-model.ts';
import { startBankId } from './modules/bankid/start-bankid.ts';
import { startCompanyRegistry } from './modules/companies/start-company-registry.ts';
import { startVatValidation } from './modules/companies/start-vat-validation.ts';
import { startIdVerification } from './modules/id-scan/start-id-verification.ts';
import { startMessaging } from './modules/messaging/start-messaging.ts';
import { startPayments } from './modules/payments/start-payments.ts';
import { startSealing } from './modules/sealing/start-sealing.ts';
import { createUploadPdfPool } from './pdf/pdf-pool.ts';
import { createLogger } from './plugins/request-log.ts';

/** Prints a reason a person can act on and stops with a non-zero exit. */
function fail(message: string): never {
  process.stderr.write(`\nSignlink could not start:\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY && !config.isProduction });

  if (config.database.driver === 'pglite') {
    try {
      const lock = lockDataDir(config.dataDir);
      // Every way out (fail(), shutdown, a crash) passes through exit, so the lock goes with the process.
      process.once('exit', () => lock.release());
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  const database = await openDatabase(config.database).catch((error: Error) =>
    fail(`The database could not be opened (${config.database.driver}): ${error.message}`),
  );
  let demo: Awaited<ReturnType<typeof ensureDemoAccount>> | undefined;
  try {
    await database.executeSql('select 1');
    // Several processes may start at once on one PostgreSQL database; one migrates and seeds at a time.
    demo = await database.runExclusive('startup', async () => {
      await migrateDatabase(database);
      return config.demoAccount ? ensureDemoAccount(database.db) : undefined;
    });
  } catch (error) {
    const where = config.database.driver === 'postgres' ? 'DATABASE_URL' : config.database.dataDir;
    fail(`The database (${where}) cannot be reached or migrated: ${(error as Error).message}`);
  }

  const publicUrls = createPublicUrls(config);
  const running = await startMessaging({ config, publicUrls }).catch((error: Error) =>
    fail(`Messaging could not start: ${error.message}`),
  );
  const { messaging } = running;
  const bankId = await startBankId(config).catch((error: Error) => fail(`BankID could not start: ${error.message}`));
  const companyRegistry = await startCompanyRegistry(config).catch((error: Error) =>
    fail(`The company registry could not start: ${error.message}`),
  );
  const payments = await startPayments({ config, publicUrls }).catch((error: Error) =>
    fail(`Payments could not start: ${error.message}`),
  );
  const idVerification = await startIdVerification({ config, publicUrls }).catch((error: Error) =>
    fail(`ID scans could not start: ${error.message}`),
  );
  const vatValidation = await startVatValidation(config).catch((error: Error) =>
    fail(`VAT validation could not start: ${error.message}`),
  );
  const assistantModel = await startAssistantModel(config).catch((error: Error) =>
    fail(`The assistant's model could not start: ${error.message}`),
  );
  // An API and a worker started together on one data folder must make the local seal keys once and both use them;
  // the advisory lock covers processes on other hosts sharing the folder, the lock file inside it this host's.
  const sealing = await database
    .runExclusive('local-seal-keys', () => startSealing(config))
    .catch((error: Error) => fail(`Sealing could not start: ${error.message}`));

  const storage = createStorage(config.storage);
  const pdf = createUploadPdfPool(config);
  // The warm thread loads the PDF code beside the rest of start-up, so the first upload does not wait for it.
  pdf.warmUp().catch((error: Error) => logger.error({ err: error }, 'the PDF worker thread could not start'));

  // Every process can enqueue; only workers run jobs and the queue's maintenance (expiry, cron).
  const isWorker = config.roles.includes('worker');
  const queue = createJobQueue({
    database,
    definitions: jobDefinitions,
    logger,
    concurrency: config.workerConcurrency,
    isMaintainer: isWorker,
    services: (self) => ({ config, messaging, queue: self, storage, pdf, sealing, payments, idVerification }),
    // Other workers already take this one's jobs: carrying on would run them twice. The supervisor restarts us.
    onWorkerLost: () => process.exit(1),
  });
  await queue.start();
  // On PGlite this process is the only one (the data-folder lock), so a job still marked active was left
  // by a process that died mid-job, even one fetched before holders were recorded: retry it now. On
  // PostgreSQL the workers' own recovery gives back exactly the jobs of dead workers (abandoned-jobs.ts).
  if (isWorker && config.database.driver === 'pglite') await queue.recoverOrphans();

  const context: AppContext = {
    config,
    database,
    storage,
    queue,
    messaging,
    bankId,
    companyRegistry,
    vatValidation,
    payments,
    idVerification,
    assistantModel,
    pdf,
    sealing,
  };
  const app = config.roles.includes('api') ? await buildApp({ context, logger }) : undefined;
  // Workers start after the server listens; shutdown may come first, or while they start.
  let workersStarting: Promise<StopWorkers> | undefined;

  let isStopping = false;
  async function shutdown(signal: string) {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down');
    // In-flight requests finish; new connections are refused. Repeated signals change nothing; this forces the exit.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app?.close();
      const stopWorkers: StopWorkers =
        (await workersStarting?.catch(() => undefined)) ?? ((input) => queue.stop(input));
      await stopWorkers({ graceful: true, timeoutSeconds: 10 });
      await running.stop();
      await bankId.stop();
      await companyRegistry.stop();
      await vatValidation.stop();
      await payments.stop();
      await idVerification.stop();
      await assistantModel.stop();
      await sealing.stop();
      await database.close();
      logger.info({ signal }, 'shut down');
    } finally {
      process.exit(0);
    }
  }
  // Handlers stay on: a signal to the process group comes twice under `npm start` (ours, and the one the wrapper
  // passes on), and a second with no handler would kill the process mid-shutdown, leaving the data-folder lock.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  if (app) {
    await app.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
      fail(error.code === 'EADDRINUSE' ? `Port ${config.port} is in use: set PORT to another one.` : error.message);
    });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    publicUrls.useListeningPort(port);
    const url = publicUrls.forBrand('signlink');
    const lines = [
      '',
      `  Signlink is running at ${url}`,
      `  Second brand (PDF-blankett):  ${publicUrls.forBrand('pdfblankett')}`,
      `  API docs:                     ${url}/v2/docs`,
      ...(messaging.devMailbox ? [`  Developer mailbox:            ${url}/dev/mailbox`] : []),
      ...(bankId.simulator ? [`  BankID simulator:             ${url}/sim/bankid`] : []),
      ...(payments.simulator
        ? [`  Stripe simulator:             ${payments.simulator.url} (API; checkout pages under ${url}/sim/stripe)`]
        : []),
      ...(companyRegistry.simulator
        ? [`  Company registry simulator:   ${companyRegistry.simulator.url} (Roaring API, test companies)`]
        : []),
      ...(idVerification.simulator
        ? [`  Onfido simulator:             ${idVerification.simulator.url} (ID scans; outcomes at ${url}/sim/onfido)`]
        : []),
      ...(vatValidation.simulator
        ? [`  VIES simulator:               ${vatValidation.simulator.url} (VAT numbers)`]
        : []),
      ...(assistantModel.simulator
        ? [
            `  OpenAI simulator:             ${assistantModel.simulator.url} (assistant's model; controls at ${assistantModel.simulator.controlUrl})`,
          ]
        : []),
      ...(sealing.tsaSimulator
        ? [
            `  TSA simulator:                ${sealing.tsaSimulator.url} (RFC 3161, local CA at ${url}/v2/linktinker/verify/ca)`,
          ]
        : []),
      ...(demo?.email ? [`  Demo login:                   ${demo.email} / ${demo.password}`] : []),
      `  Data:                         ${config.database.driver === 'pglite' ? config.dataDir : 'PostgreSQL (DATABASE_URL)'}`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  // Workers start once the port is known, so the first message already links to the right address.
  if (isWorker && !isStopping) {
    workersStarting = runWorkers({ queue, schedules: jobSchedules, pollers: jobPollers, database, logger });
    await workersStarting;
  }
  // Printed, not logged: an operator (and the process harness of the tests) sees the worker is up at any log level.
  // The seal CA names what this worker seals under, to compare with the API's GET /v2/linktinker/verify/ca.
  if (!app && !isStopping) {
    const sealCa = sealing.caPem ? `\n  Seal CA (SHA-256):  ${new X509Certificate(sealing.caPem).fingerprint256}` : '';
    process.stdout.write(`\n  Signlink worker is running (roles: ${config.roles.join(', ')})${sealCa}\n\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
