import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningBankIdSimulator, startBankIdSimulator } from './bankid-simulator.ts';
import { type BankIdTestCall, callBankIdSimulator } from './bankid-test-client.ts';
import { createBankIdTestPki } from './bankid-test-pki.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('BankID simulator: the RP API v6.0 over mutual TLS', () => {
  let sim: RunningBankIdSimulator;
  const call = (path: string, body?: unknown, extra: Partial<BankIdTestCall> = {}) =>
    callBankIdSimulator({ url: `${sim.url}${path}`, pki: sim.pki, body, ...extra });

  beforeAll(async () => {
    sim = await startBankIdSimulator();
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.controls.reset());

  it('refuses the TLS handshake without a client certificate', async () => {
    // TLS 1.3: the server's alert arrives as the client reads, before any HTTP is exchanged.
    await expect(call('/rp/v6.0/auth', { endUserIp: '192.0.2.1' }, { withoutClientCert: true })).rejects.toMatchObject({
      code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
    });
    expect(sim.controls.listOrders().length).toBe(0);
  });

  it('refuses a client certificate from another CA', async () => {
    const stranger = createBankIdTestPki({ commonName: 'Not Our Relying Party' });
    expect(stranger.ca).not.toBe(sim.pki.ca);
    await expect(call('/rp/v6.0/auth', { endUserIp: '192.0.2.1' }, { clientPki: stranger })).rejects.toThrow();
    expect(sim.controls.listOrders().length).toBe(0);
  });

  it('starts an auth order with the four tokens as UUIDs', async () => {
    const response = await call('/rp/v6.0/auth', { endUserIp: '192.0.2.1' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['autoStartToken', 'orderRef', 'qrStartSecret', 'qrStartToken']);
    for (const value of Object.values(response.body)) expect(value).toMatch(UUID);
  });

  it('starts phone orders with an orderRef only', async () => {
    const response = await call('/rp/v6.0/phone/sign', {
      personalNumber: '198507142381',
      callInitiator: 'RP',
      userVisibleData: base64('Avtal 42'),
    });
    expect(response).toEqual({ status: 200, body: { orderRef: expect.stringMatching(UUID) } });
    const auth = await call('/rp/v6.0/phone/auth', { personalNumber: '197212312396', callInitiator: 'user' });
    expect(auth.status).toBe(200);
  });

  it.each([
    ['a missing endUserIp', '/rp/v6.0/auth', {}],
    ['an endUserIp that is no address', '/rp/v6.0/auth', { endUserIp: 'localhost' }],
    ['userVisibleData that is not base64', '/rp/v6.0/auth', { endUserIp: '192.0.2.1', userVisibleData: 'hej då!' }],
    ['a sign without userVisibleData', '/rp/v6.0/sign', { endUserIp: '192.0.2.1' }],
    [
      'more than 1 500 base64 characters to show at auth',
      '/rp/v6.0/auth',
      { endUserIp: '::1', userVisibleData: base64('x'.repeat(1126)) },
    ],
    [
      'more than 40 000 base64 characters to show at sign',
      '/rp/v6.0/sign',
      { endUserIp: '::1', userVisibleData: base64('å'.repeat(15_001)) },
    ],
    [
      'a bad userVisibleDataFormat',
      '/rp/v6.0/sign',
      { endUserIp: '::1', userVisibleData: base64('x'), userVisibleDataFormat: 'html' },
    ],
    [
      'a personal number with a wrong check digit',
      '/rp/v6.0/auth',
      { endUserIp: '::1', requirement: { personalNumber: '199001011238' } },
    ],
    ['a wrong requirement type', '/rp/v6.0/auth', { endUserIp: '::1', requirement: { pinCode: 'yes' } }],
    ['a phone order without callInitiator', '/rp/v6.0/phone/auth', { personalNumber: '199001011239' }],
    ['collect without orderRef', '/rp/v6.0/collect', {}],
  ])('answers 400 invalidParameters for %s', async (_case, path, body) => {
    const response = await call(path, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errorCode: 'invalidParameters', details: expect.any(String) });
  });

  it('accepts up to 40 000 base64 characters to show at sign (15 000 å), and 1 500 at auth', async () => {
    const sign = await call('/rp/v6.0/sign', { endUserIp: '::1', userVisibleData: base64('å'.repeat(15_000)) });
    expect(sign.status).toBe(200);
    const auth = await call('/rp/v6.0/auth', { endUserIp: '::2', userVisibleData: base64('x'.repeat(1125)) });
    expect(auth.status).toBe(200);
  });

  it('answers invalidParameters for a body that is not JSON, and 415 for another content type', async () => {
    const broken = await call('/rp/v6.0/auth', undefined, { raw: { contentType: 'application/json', body: '{' } });
    expect(broken).toMatchObject({ status: 400, body: { errorCode: 'invalidParameters' } });
    const form = await call('/rp/v6.0/auth', undefined, {
      raw: { contentType: 'application/x-www-form-urlencoded', body: 'endUserIp=1.2.3.4' },
    });
    expect(form).toMatchObject({ status: 415, body: { errorCode: 'unsupportedMediaType' } });
  });

  it('answers 404 notFound for collect and cancel of an unknown order, and for an unknown path', async () => {
    const orderRef = '131daac9-16c6-4618-beb0-365768f37288';
    for (const path of ['/rp/v6.0/collect', '/rp/v6.0/cancel']) {
      const response = await call(path, { orderRef });
      expect(response).toEqual({ status: 404, body: { errorCode: 'notFound', details: expect.any(String) } });
    }
    expect((await call('/rp/v5.1/auth', { endUserIp: '::1' })).status).toBe(404);
  });

  it('refuses a second order for the same person with alreadyInProgress and cancels the first', async () => {
    const requirement = { personalNumber: '199001011239' };
    const first = await call('/rp/v6.0/auth', { endUserIp: '192.0.2.1', requirement });
    const second = await call('/rp/v6.0/sign', { endUserIp: '192.0.2.1', requirement, userVisibleData: base64('x') });
    expect(second).toEqual({ status: 400, body: { errorCode: 'alreadyInProgress', details: expect.any(String) } });
    expect(sim.controls.listOrders().length).toBe(1);
    const collected = await call('/rp/v6.0/collect', { orderRef: first.body.orderRef });
    expect(collected.body).toEqual({ orderRef: first.body.orderRef, status: 'failed', hintCode: 'cancelled' });
    // With the first one finished, the person can start again.
    expect((await call('/rp/v6.0/auth', { endUserIp: '192.0.2.1', requirement })).status).toBe(200);
  });

  it('fails the next calls as asked, then answers normally', async () => {
    sim.controls.failNext({ status: 503, errorCode: 'maintenance', details: 'Planned', times: 2 });
    sim.controls.failNext({ status: 500, errorCode: 'internalError' });
    sim.controls.failNext({ status: 401, errorCode: 'unauthorized', details: 'RP not allowed' });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await call('/rp/v6.0/auth', { endUserIp: '192.0.2.1' }));
    expect(answers.map((answer) => [answer.status, answer.body.errorCode])).toEqual([
      [503, 'maintenance'],
      [503, 'maintenance'],
      [500, 'internalError'],
      [401, 'unauthorized'],
      [200, undefined],
    ]);
    expect(answers[0]?.body).toEqual({ errorCode: 'maintenance', details: 'Planned' });
  });

  it('offers the tester actions as JSON under /sim-control', async () => {
    const persons = await call('/sim-control/persons', undefined, { method: 'GET' });
    expect((persons.body.persons as unknown[]).length).toBeGreaterThanOrEqual(4);
    const { body } = await call('/rp/v6.0/auth', { endUserIp: '192.0.2.1' });
    const orders = await call('/sim-control/orders', undefined, { method: 'GET' });
    expect(orders.body.orders).toEqual([expect.objectContaining({ orderRef: body.orderRef, status: 'pending' })]);
    const started = await call(`/sim-control/orders/${body.orderRef}/start`, {});
    expect(started.body).toMatchObject({ hintCode: 'started' });
    const wrong = await call(`/sim-control/orders/${body.orderRef}/approve`, { personalNumber: '191212121212' });
    expect(wrong.status).toBe(400);
    const approved = await call(`/sim-control/orders/${body.orderRef}/approve`, { personalNumber: '198507142381' });
    expect(approved.body).toMatchObject({ status: 'complete' });
    const again = await call(`/sim-control/orders/${body.orderRef}/cancel`, {});
    expect(again.status).toBe(409);
    const collected = await call('/rp/v6.0/collect', { orderRef: body.orderRef });
    expect(collected.body).toMatchObject({ status: 'complete', completionData: { user: { givenName: 'Erik' } } });
  });
});
