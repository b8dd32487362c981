import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { guardOptionsOf } from './deliver-webhook.job.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import { testDeliveryDeps } from './webhook-receiver.test-helpers.ts';

let testApp: TestApp;
let origin = '';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // No loopback exemption for tests here: only the dev inbox's own, which PUBLIC_URL's origin names.
  testApp = await buildTestApp({ env: { PUBLIC_URL: origin } });
  await testApp.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => testApp?.close());

describe('the development webhook inbox', () => {
  it("receives this server's deliveries through the guard's one exemption and checks their signatures", async () => {
    const admin = await signInSeededUser(testApp);
    const base = '/v2/linktinker/app/api/webhooks';
    const created = await injectWithToken(testApp, admin.token, 'POST', base, {
      Url: `${origin}/v2/dev/webhooks/inbox/my-hooks`,
      Events: ['completed'],
    });
    expect(created.statusCode, created.body).toBe(201);
    // Elsewhere on the same server is no exemption.
    const elsewhere = await injectWithToken(testApp, admin.token, 'POST', base, {
      Url: `${origin}/v2/health`,
      Events: ['completed'],
    });
    expect(elsewhere.json().code).toBe('WEBHOOK_URL_REFUSED');

    const test = await injectWithToken(testApp, admin.token, 'POST', `${base}/${created.json().Id}/test`);
    const guard = guardOptionsOf(testApp.context.config);
    expect(guard.allowLoopback).toBe(false);
    const { deps } = testDeliveryDeps(testApp, { guard, logger: silentJobLogger });
    expect(await deliverWebhook(deps, test.json().Id)).toBe('delivered');

    const list = await testApp.app.inject({ method: 'GET', url: '/v2/dev/webhooks' });
    const [received] = list.json().Webhooks;
    expect(received).toMatchObject({
      Inbox: 'my-hooks',
      WebhookId: test.json().Id,
      Type: 'webhook.test',
      SignatureValid: true,
    });

    // A forged delivery naming the same webhook-id does not verify.
    await testApp.app.inject({
      method: 'POST',
      url: '/v2/dev/webhooks/inbox/my-hooks',
      headers: {
        'webhook-id': test.json().Id,
        'webhook-timestamp': `${Math.floor(Date.now() / 1000)}`,
        'webhook-signature': 'v1,AAAA',
      },
      payload: { type: 'document.completed' },
    });
    const again = await testApp.app.inject({ method: 'GET', url: '/v2/dev/webhooks' });
    expect(again.json().Webhooks[0]).toMatchObject({ Type: 'document.completed', SignatureValid: false });
  });
});
