import { expireDocumentsJob, expireDocumentsSchedule } from '../modules/documents/expire-documents.job.ts';
import { deliverMessageJob } from '../modules/messaging/deliver-message.job.ts';
import { sealDocumentJob, sweepUnsealedJob, sweepUnsealedSchedule } from '../modules/sealing/seal-document.job.ts';
import { heartbeatJob, heartbeatSchedule } from './definitions/system/heartbeat.job.ts';
import type { JobDefinition, JobSchedule } from './job-definition.ts';

/** Every job the server knows; a queue only accepts and runs these. Add new definitions here. */
export const jobDefinitions: readonly JobDefinition[] = [
  heartbeatJob,
  deliverMessageJob,
  expireDocumentsJob,
  sealDocumentJob,
  sweepUnsealedJob,
];

/** Cron schedules; on worker start-up these replace whatever schedules the database holds. */
export const jobSchedules: readonly JobSchedule[] = [heartbeatSchedule, expireDocumentsSchedule, sweepUnsealedSchedule];
