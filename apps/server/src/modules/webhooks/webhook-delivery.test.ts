import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/developer.ts';
import { messages } from '../../db/schema/messages.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { deliveryDepsOf, dispatchDueWebhooks } from './deliver-webhook.job.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import { disableAfterMs, giveUpAfterMs } from './retry-schedule.ts';
import { startReceiver, testDeliveryDeps } from './webhook-receiver.test-helpers.ts';

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInSeededUser>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  admin = await signInSeededUser(testApp);
});
afterAll(() => testApp?.close());
afterEach(() => receiver?.close());

async function createEndpoint(url: string, events = ['completed', 'signed']) {
  const reply = await injectWithToken(testApp, admin.token, 'POST', '/v2/linktinker/app/api/webhooks', {
    Url: url,
    Events: events,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { Id: string; Secret: string };
}

/** A history event of a document of the admin's account, appended as every service does, in a transaction. */
async function appendEvent(type: 'completed-and-sealed' | 'signed' | 'sent', documentId?: string) {
  const id = documentId ?? (await seedDocument(testApp.database.db, { owner: admin })).documentId;
  const event = await testApp.database.db.transaction((tx) =>
    appendDocumentEvent(tx, {
      documentId: id,
      type,
      data: type === 'signed' ? { partyId: 'pty_1', name: 'Anna' } : {},
    }),
  );
  return { documentId: id, event };
}

const deliveriesOf = (endpointId: string) =>
  testApp.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const attemptsOf = (deliveryId: string) =>
  testApp.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));

async function onlyDelivery(endpointId: string) {
  const rows = await deliveriesOf(endpointId);
  expect(rows).toHaveLength(1);
  return rows[0] as (typeof rows)[number];
}

describe('webhook fan-out (the history outbox)', () => {
  it('queues one delivery per subscribed live endpoint, in the event transaction, with ids and states only', async () => {
    receiver = await startReceiver();
    const endpoint = await createEndpoint(receiver.url);
    const openedOnly = await createEndpoint(receiver.url, ['opened']);
    const revoked = await createEndpoint(receiver.url);
    await injectWithToken(testApp, admin.token, 'POST', `/v2/linktinker/app/api/webhooks/${revoked.Id}/revoke`);

    const { documentId, event } = await appendEvent('signed');
    await appendEvent('sent', documentId);
    const delivery = await onlyDelivery(endpoint.Id);
    expect(delivery).toMatchObject({ sourceId: event.id, eventType: 'document.signed', status: 'pending' });
    expect(delivery.payload).toEqual({
      type: 'document.signed',
      timestamp: event.createdAt.toISOString(),
      data: { documentId, status: 'active', eventId: event.id, partyId: 'pty_1' },
    });
    expect(JSON.stringify(delivery.payload)).not.toContain('Anna');
    expect(await deliveriesOf(openedOnly.Id)).toEqual([]);
    expect(await deliveriesOf(revoked.Id)).toEqual([]);

    // A rolled-back event leaves no delivery behind.
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await appendDocumentEvent(tx, { documentId, type: 'completed-and-sealed', data: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveriesOf(endpoint.Id)).toHaveLength(1);
  });

  it('hands due deliveries to one job each, however often the dispatcher runs', async () => {
    receiver = await startReceiver();
    const endpoint = await createEndpoint(receiver.url);
    await appendEvent('completed-and-sealed');
    const delivery = await onlyDelivery(endpoint.Id);
    const deps = { database: testApp.database, queue: testApp.context.queue };
    expect(await dispatchDueWebhooks(deps)).toBeGreaterThanOrEqual(1);
    await dispatchDueWebhooks(deps);
    const { rows } = await testApp.database.executeSql(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks.deliver' AND data->>'deliveryId' = $1",
      [delivery.id],
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('delivering a webhook', () => {
  it('signs it by Standard Webhooks, verifiably with the secret shown at creation', async () => {
    receiver = await startReceiver();
    const endpoint = await createEndpoint(receiver.url);
    await appendEvent('completed-and-sealed');
    const delivery = await onlyDelivery(endpoint.Id);

    expect(await deliverWebhook(testDeliveryDeps(testApp).deps, delivery.id)).toBe('delivered');
    const [request] = receiver.received;
    if (!request) throw new Error('nothing received');
    expect(request.headers['webhook-id']).toBe(delivery.id);
    const verified = new Webhook(endpoint.Secret).verify(request.body, request.headers) as { type: string };
    expect(verified.type).toBe('document.completed');
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request.body, request.headers),
    ).toThrow();
    expect(await onlyDelivery(endpoint.Id)).toMatchObject({ status: 'delivered', attemptCount: 1 });
    expect(await attemptsOf(delivery.id)).toMatchObject([
      { outcome: 'delivered', statusCode: 200, responseExcerpt: 'ok' },
    ]);

    // Run again (a job given back after its worker died): nothing more is sent, and still one row per event.
    expect(await deliverWebhook(testDeliveryDeps(testApp).deps, delivery.id)).toBe('skipped');
    expect(receiver.received).toHaveLength(1);
  });

  it('retries after a 500 and after a timeout with the same webhook-id, then clears the failing mark', async () => {
    receiver = await startReceiver([{ status: 500, body: 'x'.repeat(5000) }, 'hang']);
    const endpoint = await createEndpoint(receiver.url);
    await appendEvent('completed-and-sealed');
    const delivery = await onlyDelivery(endpoint.Id);
    const { deps, scheduled } = testDeliveryDeps(testApp, { timeoutMs: 300, random: () => 0.5 });

    expect(await deliverWebhook(deps, delivery.id)).toBe('retrying');
    const [first] = scheduled;
    expect(first).toMatchObject({ deliveryId: delivery.id, attemptCount: 1 });
    // The first step is 5 s with full jitter: half of it here.
    expect((first?.at.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(2500);
    const [failing] = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.Id));
    expect(failing?.failingSince).toBeInstanceOf(Date);

    expect(await deliverWebhook(deps, delivery.id)).toBe('retrying');
    expect(await deliverWebhook(deps, delivery.id)).toBe('delivered');
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([delivery.id, delivery.id, delivery.id]);
    const attempts = (await attemptsOf(delivery.id)).sort((a, b) => a.attemptedAt.getTime() - b.attemptedAt.getTime());
    expect(attempts.map((attempt) => [attempt.outcome, attempt.statusCode])).toEqual([
      ['http-error', 500],
      ['timeout', null],
      ['delivered', 200],
    ]);
    expect(attempts[0]?.responseExcerpt).toHaveLength(1024);
    const [fixed] = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.Id));
    expect(fixed?.failingSince).toBeNull();
  });

  it('lets a second run of a delivery whose first run hangs deliver it, once, with the same webhook-id', async () => {
    receiver = await startReceiver(['hang']);
    const endpoint = await createEndpoint(receiver.url);
    await appendEvent('completed-and-sealed');
    const delivery = await onlyDelivery(endpoint.Id);
    const { deps } = testDeliveryDeps(testApp, { timeoutMs: 30_000 });
    // The first run's worker is as good as dead: its request hangs. The job is given back and runs again.
    const abandoned = deliverWebhook(deps, delivery.id);
    await receiver.waitForRequests(1);
    expect(await deliverWebhook(deps, delivery.id)).toBe('delivered');
    receiver.dropHanging();
    expect(await abandoned).toBe('skipped');
    expect(await onlyDelivery(endpoint.Id)).toMatchObject({ status: 'delivered', attemptCount: 1 });
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([delivery.id, delivery.id]);
    expect((await attemptsOf(delivery.id)).map((attempt) => attempt.outcome).sort()).toEqual([
      'delivered',
      'network-error',
    ]);
  });

  it('does not follow a redirect to loopback: the 302 is a failed attempt', async () => {
    const target = await startReceiver();
    receiver = await startReceiver([{ status: 302, location: target.url }]);
    const endpoint = await createEndpoint(receiver.url);
    await appendEvent('completed-and-sealed');
    const delivery = await onlyDelivery(endpoint.Id);
    expect(await deliverWebhook(testDeliveryDeps(testApp).deps, delivery.id)).toBe('retrying');
    expect(await attemptsOf(delivery.id)).toMatchObject([{ outcome: 'http-error', statusCode: 302 }]);
    expect(target.received).toEqual([]);
    await target.close();
  });

  it('refuses at delivery a URL that the guard no longer lets through, and logs it as refused', async () => {
    receiver = await startReceiver();
    const endpoint = await createEndpoint(receiver.url);
    await appendEvent('completed-and-sealed');
    const delivery = await onlyDelivery(endpoint.Id);
    const { deps } = testDeliveryDeps(testApp, { guard: { isProduction: false } });
    expect(await deliverWebhook(deps, delivery.id)).toBe('retrying');
    expect(await attemptsOf(delivery.id)).toMatchObject([{ outcome: 'refused', error: 'scheme', statusCode: null }]);
    expect(receiver.received).toEqual([]);
  });

  it('gives up after 72 hours, and disables an endpoint failing for 5 days with an e-mail to the admins', async () => {
    receiver = await startReceiver([{ status: 503 }, { status: 503 }]);
    const endpoint = await createEndpoint(receiver.url);
    await appendEvent('completed-and-sealed');
    const first = await onlyDelivery(endpoint.Id);
    const context = {
      database: testApp.database,
      logger: silentJobLogger,
      services: { ...testApp.context, queue: testApp.context.queue },
    };
    const start = Date.now();
    const real = { ...deliveryDepsOf(context as never), guard: { isProduction: false, allowLoopback: true } };
    expect(await deliverWebhook({ ...real, now: () => new Date(start) }, first.id)).toBe('retrying');

    await appendEvent('completed-and-sealed');
    const second = (await deliveriesOf(endpoint.Id)).find((row) => row.id !== first.id);
    if (!second) throw new Error('no second delivery');
    const later = () => new Date(start + disableAfterMs + 60_000);
    expect(later().getTime() - second.createdAt.getTime()).toBeGreaterThan(giveUpAfterMs);
    expect(await deliverWebhook({ ...real, now: later }, second.id)).toBe('failed');

    const [disabled] = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.Id));
    expect(disabled?.disabledAt?.getTime()).toBe(later().getTime());
    const mail = await testApp.database.db.select().from(messages).where(eq(messages.kind, 'webhook-disabled'));
    expect(mail.map((row) => row.recipient)).toEqual([admin.email]);
    // Disabled: new events queue nothing for it, and the list says so.
    await appendEvent('completed-and-sealed');
    expect(await deliveriesOf(endpoint.Id)).toHaveLength(2);
    const list = await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/api/webhooks');
    expect(list.json().Webhooks.find((row: { Id: string }) => row.Id === endpoint.Id)?.Status).toBe('disabled');
  });

  it('redelivers by hand: a failed delivery is pending again and its new attempt goes now', async () => {
    receiver = await startReceiver([{ status: 500 }]);
    const endpoint = await createEndpoint(receiver.url);
    await appendEvent('completed-and-sealed');
    const delivery = await onlyDelivery(endpoint.Id);
    const { deps } = testDeliveryDeps(testApp, { now: () => new Date(Date.now() + giveUpAfterMs + 1000) });
    expect(await deliverWebhook(deps, delivery.id)).toBe('failed');

    const reply = await injectWithToken(
      testApp,
      admin.token,
      'POST',
      `/v2/linktinker/app/api/webhooks/${endpoint.Id}/deliveries/${delivery.id}/redeliver`,
    );
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json()).toMatchObject({ Id: delivery.id, Status: 'pending' });
    const { rows } = await testApp.database.executeSql(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks.deliver' AND data->>'deliveryId' = $1 AND start_after <= now()",
      [delivery.id],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await deliverWebhook(testDeliveryDeps(testApp).deps, delivery.id)).toBe('delivered');
    const log = await injectWithToken(
      testApp,
      admin.token,
      'GET',
      `/v2/linktinker/app/api/webhooks/${endpoint.Id}/deliveries`,
    );
    const [shown] = log.json().Deliveries;
    expect(shown).toMatchObject({ Id: delivery.id, Status: 'delivered', AttemptCount: 2 });
    // Latest first; the failed attempt's clock was pushed 72 hours on, so only the set is asserted.
    const outcomes = shown.Attempts.map((attempt: { Outcome: string }) => attempt.Outcome);
    expect(outcomes.sort()).toEqual(['delivered', 'http-error']);
  });
});
