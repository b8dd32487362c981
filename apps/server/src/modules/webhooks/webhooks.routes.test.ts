import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/developer.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import { testDeliveryDeps } from './webhook-receiver.test-helpers.ts';

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInSeededUser>>;
const base = '/v2/linktinker/app/api/webhooks';
const publicUrl = 'https://93.184.215.14/hooks/signlink';

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signInSeededUser(testApp);
});
afterAll(() => testApp?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = admin.token) =>
  injectWithToken(testApp, token, method, url, payload);

async function endpointCount() {
  const rows = await testApp.database.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, admin.accountId));
  return rows.length;
}

describe('the webhook routes (SPEC section 7)', () => {
  it('creates an endpoint whose secret is shown once, lists, updates and revokes it', async () => {
    const created = await call('POST', base, { Url: publicUrl, Events: ['completed', 'signed'] });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json();
    expect(endpoint).toMatchObject({ Url: publicUrl, Events: ['completed', 'signed'], Status: 'active' });
    expect(endpoint.Secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The secret is usable by the scheme's verifier: 32 bytes of key.
    expect(() => new Webhook(endpoint.Secret)).not.toThrow();

    const list = await call('GET', base);
    expect(list.statusCode).toBe(200);
    expect(list.json().Webhooks.map((row: { Id: string }) => row.Id)).toContain(endpoint.Id);
    expect(list.body).not.toContain(endpoint.Secret);

    const updated = await call('POST', `${base}/${endpoint.Id}/update`, { Events: ['opened'] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Events: ['opened'], Url: publicUrl });
    expect(updated.body).not.toContain(endpoint.Secret);

    const revoked = await call('POST', `${base}/${endpoint.Id}/revoke`);
    expect(revoked.json()).toMatchObject({ Status: 'revoked' });
    const afterRevoke = await call('POST', `${base}/${endpoint.Id}/update`, { Events: ['signed'] });
    expect([afterRevoke.statusCode, afterRevoke.json().code]).toEqual([409, 'WEBHOOK_ENDPOINT_DISABLED']);
    const test = await call('POST', `${base}/${endpoint.Id}/test`);
    expect([test.statusCode, test.json().code]).toEqual([409, 'WEBHOOK_ENDPOINT_DISABLED']);
  });

  it.each([
    ['a private address', { Url: 'https://10.0.0.1/hook', Events: ['completed'] }, 422, 'WEBHOOK_URL_REFUSED'],
    ['a loopback spelling', { Url: 'https://0x7f.0.0.1/', Events: ['completed'] }, 422, 'WEBHOOK_URL_REFUSED'],
    ['IPv4-mapped loopback', { Url: 'https://[::ffff:127.0.0.1]/', Events: ['completed'] }, 422, 'WEBHOOK_URL_REFUSED'],
    ['plain http', { Url: 'http://93.184.215.14/hook', Events: ['completed'] }, 422, 'WEBHOOK_URL_REFUSED'],
    ['a secret in the URL', { Url: `${publicUrl}?token=s3cr3t`, Events: ['completed'] }, 422, 'WEBHOOK_URL_REFUSED'],
    [
      'a password in the URL',
      { Url: 'https://me:pw@93.184.215.14/', Events: ['completed'] },
      422,
      'WEBHOOK_URL_REFUSED',
    ],
    ['no events', { Url: publicUrl, Events: [] }, 400, 'VALIDATION_FAILED'],
    ['an unknown event', { Url: publicUrl, Events: ['exploded'] }, 400, 'VALIDATION_FAILED'],
    ['an event twice', { Url: publicUrl, Events: ['signed', 'signed'] }, 400, 'VALIDATION_FAILED'],
  ])('refuses %s and stores nothing', async (_name, body, status, code) => {
    const before = await endpointCount();
    const reply = await call('POST', base, body);
    expect([reply.statusCode, reply.json().code]).toEqual([status, code]);
    expect(reply.body).not.toContain('s3cr3t');
    expect(reply.body).not.toContain(':pw@');
    expect(await endpointCount()).toBe(before);
  });

  it('refuses an update to a private URL and keeps the endpoint as it was; saving re-enables a disabled one', async () => {
    const endpoint = (await call('POST', base, { Url: publicUrl, Events: ['completed'] })).json();
    await testApp.database.db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date(), failingSince: new Date() })
      .where(eq(webhookEndpoints.id, endpoint.Id));
    const refused = await call('POST', `${base}/${endpoint.Id}/update`, { Url: 'https://192.168.1.1/' });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'WEBHOOK_URL_REFUSED']);
    const [kept] = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.Id));
    expect(kept).toMatchObject({ url: publicUrl });
    expect(kept?.disabledAt).toBeInstanceOf(Date);

    const test = await call('POST', `${base}/${endpoint.Id}/test`);
    expect([test.statusCode, test.json().code]).toEqual([409, 'WEBHOOK_ENDPOINT_DISABLED']);
    const saved = await call('POST', `${base}/${endpoint.Id}/update`, { Url: 'https://93.184.215.15/hook' });
    expect(saved.json()).toMatchObject({ Status: 'active', FailingSince: null, DisabledAt: null });
  });

  it('sends a test event that the delivery log shows with its attempt', async () => {
    const endpoint = (await call('POST', base, { Url: publicUrl, Events: ['completed'] })).json();
    const test = await call('POST', `${base}/${endpoint.Id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toMatchObject({ EventType: 'webhook.test', Status: 'pending', Attempts: [] });
    const [delivery] = await testApp.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.Id));
    expect(delivery?.payload).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.Id } });
    const { rows } = await testApp.database.executeSql(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks.deliver' AND data->>'deliveryId' = $1",
      [test.json().Id],
    );
    expect(rows[0]?.n).toBe(1);

    // Nothing listens at the documentation address in tests: the guard refuses loopback, so the attempt is refused.
    const { deps } = testDeliveryDeps(testApp, { guard: { isProduction: false }, timeoutMs: 200 });
    await testApp.database.db
      .update(webhookEndpoints)
      .set({ url: 'https://127.0.0.1/hook' })
      .where(eq(webhookEndpoints.id, endpoint.Id));
    expect(await deliverWebhook(deps, test.json().Id)).toBe('retrying');
    const log = await call('GET', `${base}/${endpoint.Id}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json().Deliveries[0]).toMatchObject({
      Id: test.json().Id,
      AttemptCount: 1,
      Attempts: [{ Outcome: 'refused', StatusCode: null, Error: 'private-address' }],
    });
  });

  it('is for company administrators only', async () => {
    const endpoint = (await call('POST', base, { Url: publicUrl, Events: ['completed'] })).json();
    for (const role of [roles.regular, roles.contributor, roles.readOnly]) {
      const member = await signInSeededUser(testApp, { role, accountId: admin.accountId });
      const list = await call('GET', base, undefined, member.token);
      expect([list.statusCode, list.json().code]).toEqual([403, 'FORBIDDEN']);
      const create = await call('POST', base, { Url: publicUrl, Events: ['completed'] }, member.token);
      expect([create.statusCode, create.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    const other = await signInSeededUser(testApp);
    const foreign = await call('POST', `${base}/${endpoint.Id}/revoke`, undefined, other.token);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    const personal = await signInSeededUser(testApp);
    await testApp.database.db.update(accounts).set({ kind: 'personal' }).where(eq(accounts.id, personal.accountId));
    const refused = await call('POST', base, { Url: publicUrl, Events: ['completed'] }, personal.token);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});
