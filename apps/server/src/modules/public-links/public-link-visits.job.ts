import { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { expireUnfinishedVisits } from './expire-visits.ts';
import { inviteVisitParties } from './invite-visit-parties.ts';

/** The visitor of a public link signed: the others are invited (idempotent: a party with a link is skipped). */
export const inviteVisitPartiesJob = defineJob({
  id: 'public-links.invite-visit-parties',
  schema: z.object({ documentId: z.string().min(1).max(64) }),
  handler: async ({ data, context }) => {
    const invited = await inviteVisitParties(
      { database: context.database, queue: context.services.queue, messaging: context.services.messaging },
      data.documentId,
    );
    context.logger.info({ documentId: data.documentId, invited: invited.length }, 'Invited public-link visit parties');
  },
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  expireInSeconds: 60,
});

/**
 * What the signing side calls in the transaction that stores the visitor's signature (outbox): the invitations go
 * only if that commits. The key makes a retried signature invite once.
 */
export async function enqueueInviteVisitParties(queue: JobQueue, tx: Transaction, documentId: string) {
  await queue.enqueue({
    job: inviteVisitPartiesJob,
    data: { documentId },
    tx,
    idempotencyKey: `visit-invite:${documentId}`,
  });
}

/** Unfinished visits whose time ran out expire (their reservation returns), hourly like document expiry. */
export const expireVisitsJob = defineJob({
  id: 'public-links.expire-visits',
  schema: z.object({}),
  handler: async ({ context }) => {
    const expired = await expireUnfinishedVisits(context.database.db);
    if (expired.length > 0) context.logger.info({ count: expired.length }, 'Expired unfinished public-link visits');
  },
  retry: { limit: 1 },
  expireInSeconds: 5 * 60,
  concurrency: 1,
});

export const expireVisitsSchedule = defineSchedule({ job: expireVisitsJob, cron: '17 * * * *', data: {} });
