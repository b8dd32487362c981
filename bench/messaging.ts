/**
 * Messaging throughput, ours against a baseline run in the same process:
 *   baseline: nodemailer alone sending the same rendered e-mail to the same SMTP simulator, N times;
 *   ours:     sendMessage N times (each its own transaction: the row and its job), then the delivery
 *             workers render and send them and record each as sent.
 * Printed: the queuing rate, the delivery jobs' rate, the end-to-end rate, and the ratios of both
 * delivery rates to the bare send. Workers run at WORKER_CONCURRENCY (default 4), the SMTP pool at 3.
 * By default the e-mail provider is the simulator, which can be asked what it took; BENCH_SMTP=plain
 * configures it as a plain SMTP server (SMTP_URL), which cannot, so hand-offs pass one at a time.
 *
 *   npm run bench:messaging -w @signlink/bench           # PGlite
 *   BENCH_SMTP=plain npm run bench:messaging -w @signlink/bench
 *   DATABASE_URL=postgres://… BENCH_MESSAGES=500 npm run bench:messaging -w @signlink/bench
 */

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createEmailSender } from '@signlink/providers/email/create-email-sender';
import { createStorage } from '@signlink/providers/storage/create-storage';
import { loadConfig } from '@signlink/server/config/config';
import { createPublicUrls } from '@signlink/server/config/public-urls';
import { migrateDatabase, openDatabase } from '@signlink/server/db/open-database';
import { jobDefinitions } from '@signlink/server/job-catalog';
import { silentJobLogger } from '@signlink/server/jobs/job-definition';
import { createJobQueue } from '@signlink/server/jobs/job-queue';
import { renderEmailMessage } from '@signlink/server/modules/messaging/render-message';
import { type OutgoingMessage, sendMessage } from '@signlink/server/modules/messaging/send-message';
import { startMessaging } from '@signlink/server/modules/messaging/start-messaging';
import { sampleMessageData } from '@signlink/server/modules/messaging/templates/sample-message-data';
import { startSealing } from '@signlink/server/modules/sealing/start-sealing';
import { createUploadPdfPool } from '@signlink/server/pdf/pdf-pool';
import { createFolderMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import { startSmtpSimulator } from '@signlink/simulators/smtp/smtp-simulator';

const count = Number(process.env.BENCH_MESSAGES ?? 200);
const databaseUrl = process.env.DATABASE_URL;
const isPlainSmtp = process.env.BENCH_SMTP === 'plain';

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'signlink-bench-messaging-'));
  const database = databaseUrl
    ? await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 10 })
    : await openDatabase({ driver: 'pglite-instance', client: await PGlite.create() });
  await migrateDatabase(database);
  const plainSmtp = isPlainSmtp
    ? await startSmtpSimulator({ mailbox: createFolderMailbox(path.join(dataDir, 'plain-smtp')) })
    : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(plainSmtp ? { SMTP_URL: plainSmtp.url } : {}),
  });
  const running = await startMessaging({ config, publicUrls: createPublicUrls(config) });
  const { messaging } = running;
  const smtpUrl = (plainSmtp ?? running.smtpSimulator)?.url as string;

  const message = {
    kind: 'document-invitation',
    data: sampleMessageData['document-invitation'],
    channel: 'email',
    locale: 'sv',
    brand: 'signlink',
  } as const;

  // Baseline: the same e-mail, rendered once, through nodemailer's pool to the same server.
  const rendered = renderEmailMessage({ ...message, data: message.data }, messaging.publicUrls);
  const bare = createEmailSender({ driver: 'smtp', url: smtpUrl });
  const bareStart = performance.now();
  for (let i = 0; i < count; i += 1) {
    await bare.send({
      from: rendered.from,
      to: `bare-${i}@example.com`,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      messageId: `bare-${i}@signlink.app`,
      language: 'sv',
    });
  }
  const bareSeconds = (performance.now() - bareStart) / 1000;
  await bare.close();

  const pdf = createUploadPdfPool(config);
  const sealing = await startSealing(config);
  const queue = createJobQueue({
    database,
    definitions: jobDefinitions,
    logger: silentJobLogger,
    concurrency: config.workerConcurrency,
    isMaintainer: false,
    pollingIntervalSeconds: 0.5,
    // Only deliveries run here; the other services are the real ones, idle.
    services: (self) => ({
      config,
      messaging,
      queue: self,
      storage: createStorage({ driver: 'local', root: path.join(dataDir, 'files') }),
      pdf,
      sealing,
      payments: { provider: undefined },
      idVerification: { provider: undefined },
    }),
  });
  await queue.start();
  const start = performance.now();
  for (let i = 0; i < count; i += 1) {
    await sendMessage({ database, queue, messaging }, { ...message, to: `ours-${i}@example.com` } as OutgoingMessage);
  }
  const queuedSeconds = (performance.now() - start) / 1000;
  const deliverStart = performance.now();
  await queue.work();
  for (;;) {
    const { rows } = await database.executeSql("select count(*)::int as n from messages where state = 'sent'");
    if (Number(rows[0]?.n) >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const deliveredSeconds = (performance.now() - start) / 1000;
  const deliveringSeconds = (performance.now() - deliverStart) / 1000;

  const driver = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(
    `Signlink messaging bench: ${count} e-mails, ${driver}, SMTP simulator on loopback${isPlainSmtp ? ' as plain SMTP' : ''}, Node ${process.version}`,
  );
  console.table([
    { what: 'bare nodemailer send (baseline)', 'msgs/s': Math.round(count / bareSeconds) },
    { what: 'sendMessage (row + job, one transaction each)', 'msgs/s': Math.round(count / queuedSeconds) },
    { what: 'delivery job: render, send, record sent', 'msgs/s': Math.round(count / deliveringSeconds) },
    { what: 'queued → sent, end to end', 'msgs/s': Math.round(count / deliveredSeconds) },
  ]);
  console.log(`ratio of the delivery jobs to the bare send:    ${(bareSeconds / deliveringSeconds).toFixed(3)}`);
  console.log(`ratio of end-to-end delivery to the bare send: ${(bareSeconds / deliveredSeconds).toFixed(3)}`);

  await queue.stop({ graceful: true, timeoutSeconds: 5 });
  await running.stop();
  await plainSmtp?.close();
  await sealing.stop();
  await pdf.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
