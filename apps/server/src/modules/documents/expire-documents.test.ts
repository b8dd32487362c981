import { limits } from '@signlink/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { documents } from '../../db/schema/documents.ts';
import { jobDefinitions, jobSchedules } from '../../job-catalog.ts';
import { usableLink } from '../links/usable-link.ts';
import { expireDocumentsJob } from './expire-documents.job.ts';
import { expireInactiveDocuments } from './expire-documents.ts';
import { sendKit } from './send-test-helpers.ts';

/** DECISIONS: a sent document with no history event for 90 days expires automatically (a scheduled job). */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const day = 24 * 3_600_000;

describe('automatic expiry', () => {
  it('expires active documents quiet for 90 days, recalls their links and returns unsigned reservations, once', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00 });
    const quiet = await kit.sentDocument(sender, { parties: [{ signatureType: 'bankid' }, {}] });
    const recent = await kit.sentDocument(sender);
    const withdrawn = await kit.sentDocument(sender);
    await kit.call(sender.token, 'PUT', `errands/${withdrawn.documentId}/disable`, {});
    await kit.signParty(quiet.parties[0]?.id ?? '');
    const balanceBefore = await kit.balanceOf(sender.accountId);

    const sentAt = (await kit.documentOf(quiet.documentId))?.lastActivityAt ?? new Date();
    const justBefore = new Date(sentAt.getTime() + limits.documentExpiryDays * day - 60_000);
    expect(await expireInactiveDocuments(kit.db, justBefore)).toEqual([]);

    // The recent document had activity later (a reminder): its 90 days count from then.
    await kit.db
      .update(documents)
      .set({ lastActivityAt: new Date(sentAt.getTime() + 10 * day) })
      .where(eq(documents.id, recent.documentId));
    const now = new Date(sentAt.getTime() + limits.documentExpiryDays * day + 60_000);
    const expired = await expireInactiveDocuments(kit.db, now);
    expect(expired).toContain(quiet.documentId);
    expect(expired).not.toContain(recent.documentId);
    expect(expired).not.toContain(withdrawn.documentId);

    expect(await kit.documentOf(quiet.documentId)).toMatchObject({ state: 'expired', expiredAt: now });
    expect(await kit.documentOf(recent.documentId)).toMatchObject({ state: 'active' });
    expect(await kit.documentOf(withdrawn.documentId)).toMatchObject({ state: 'withdrawn' });
    for (const link of quiet.links)
      await expect(usableLink(kit.db, link.Code)).rejects.toMatchObject({ code: 'LINK_RECALLED' });
    expect(await kit.balanceOf(sender.accountId)).toBe((balanceBefore ?? 0) + 5_00);
    const events = await kit.eventsOf(quiet.documentId);
    expect(events.at(-1)).toMatchObject({
      type: 'automatic-expiration',
      data: { inactiveDays: 90, releasedMinor: 5_00 },
      createdAt: now,
    });

    // A second run finds nothing left to do.
    expect(await expireInactiveDocuments(kit.db, now)).toEqual([]);
    expect((await kit.eventTypesOf(quiet.documentId)).filter((type) => type === 'automatic-expiration')).toHaveLength(
      1,
    );
    expect(await kit.balanceOf(sender.accountId)).toBe((balanceBefore ?? 0) + 5_00);
  });

  it('is a scheduled job the queue knows, whose handler runs on the real database', async () => {
    expect(jobDefinitions).toContain(expireDocumentsJob);
    expect(jobSchedules.map((schedule) => schedule.job.id)).toContain('documents.expire-inactive');
    const logged: object[] = [];
    await expireDocumentsJob.handler({
      data: {},
      jobId: 'test',
      attempt: 1,
      isLastAttempt: true,
      context: {
        database: testApp.database,
        logger: { debug() {}, info: (details) => logged.push(details), warn() {}, error() {} },
        get services(): never {
          throw new Error('not needed');
        },
      },
    });
    expect(logged).toEqual([]);
  });
});
