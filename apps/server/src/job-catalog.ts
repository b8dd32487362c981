import { heartbeatJob, heartbeatSchedule } from './jobs/definitions/system/heartbeat.job.ts';
import type { JobDefinition, JobPoller, JobSchedule } from './jobs/job-definition.ts';
import { expireVoucherCreditsJob, expireVoucherCreditsSchedule } from './modules/billing/expire-voucher-credits.job.ts';
import { reconcilePaymentsJob, reconcilePaymentsSchedule } from './modules/billing/reconcile-payments.job.ts';
import { renewPricePlansJob, renewPricePlansSchedule } from './modules/billing/renew-price-plans.job.ts';
import { sendInvoicesJob, sendInvoicesSchedule } from './modules/billing/send-invoices.job.ts';
import { sendBulkRowJob } from './modules/bulk-send/send-bulk-row.job.ts';
import { purgeDeveloperLogJob, purgeDeveloperLogSchedule } from './modules/developer-log/purge-developer-log.job.ts';
import { expireDocumentsJob, expireDocumentsSchedule } from './modules/documents/expire-documents.job.ts';
import { purgeIdScanImagesJob, purgeIdScanImagesSchedule } from './modules/id-scan/purge-id-scan-images.job.ts';
import { deliverMessageJob } from './modules/messaging/deliver-message.job.ts';
import {
  expireVisitsJob,
  expireVisitsSchedule,
  inviteVisitPartiesJob,
} from './modules/public-links/public-link-visits.job.ts';
import { pruneRateLimitsJob, pruneRateLimitsSchedule } from './modules/rate-limits/prune-rate-limits.job.ts';
import { sealDocumentJob, sweepUnsealedJob, sweepUnsealedSchedule } from './modules/sealing/seal-document.job.ts';
import { refundSignPayJob } from './modules/sign-pay/refund-sign-pay.job.ts';
import { sealPaymentRecordJob } from './modules/sign-pay/seal-payment-record.job.ts';
import { sweepOrphanFilesJob, sweepOrphanFilesSchedule } from './modules/stored-files/sweep-orphan-files.job.ts';
import { deliverWebhookJob, dispatchDueWebhooks } from './modules/webhooks/deliver-webhook.job.ts';

/**
 * Every job the server knows; a queue only accepts and runs these. Add new definitions here. A composition root
 * like main.ts: it imports every module's jobs, so only main.ts and tests import it, never a module (which would
 * close a cycle through it). Modules enqueue through jobs/job-queue.ts.
 */
export const jobDefinitions: readonly JobDefinition[] = [
  heartbeatJob,
  deliverMessageJob,
  expireDocumentsJob,
  sealDocumentJob,
  sweepUnsealedJob,
  pruneRateLimitsJob,
  sweepOrphanFilesJob,
  expireVoucherCreditsJob,
  reconcilePaymentsJob,
  renewPricePlansJob,
  sendInvoicesJob,
  inviteVisitPartiesJob,
  expireVisitsJob,
  sendBulkRowJob,
  refundSignPayJob,
  sealPaymentRecordJob,
  purgeDeveloperLogJob,
  deliverWebhookJob,
  purgeIdScanImagesJob,
];

/** Cron schedules; on worker start-up these replace whatever schedules the database holds. */
export const jobSchedules: readonly JobSchedule[] = [
  heartbeatSchedule,
  expireDocumentsSchedule,
  sweepUnsealedSchedule,
  pruneRateLimitsSchedule,
  sweepOrphanFilesSchedule,
  expireVoucherCreditsSchedule,
  reconcilePaymentsSchedule,
  renewPricePlansSchedule,
  sendInvoicesSchedule,
  expireVisitsSchedule,
  purgeDeveloperLogSchedule,
  purgeIdScanImagesSchedule,
];

/**
 * Polled every few seconds by each worker: a document event's webhook is delivered within seconds, where pg-boss's
 * finest cron would wait up to a minute. Due deliveries whose job was lost are picked up by the same poll.
 */
export const jobPollers: readonly JobPoller[] = [
  { name: 'webhooks.dispatch', everySeconds: 2, poll: (deps) => dispatchDueWebhooks(deps) },
];
