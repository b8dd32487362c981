import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ageOrder, bankIdControls, startOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { findBankIdOrder } from './bankid-orders.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());
afterEach(() => testApp.bankId.simulator?.controls.reset());

const controls = () => bankIdControls(testApp);
const start = (body: Record<string, unknown> = {}) => startOrder(testApp, '/v2/linktinker/app/bankid', body);

const refresh = async (key: string) => (await testApp.app.inject(`/v2/linktinker/app/bankid/${key}`)).json();
const validate = (key: string) =>
  testApp.app.inject({ method: 'POST', url: '/v2/linktinker/app/bankid/validate', payload: { ClientAccessKey: key } });

const age = (key: string, seconds = 0) => ageOrder(testApp, key, seconds);

const hmacHex = (secret: string, seconds: number) => createHmac('sha256', secret).update(String(seconds)).digest('hex');

describe('BankID orders (SPEC section 7, issue 4)', () => {
  it('starts an order: a key, the autostart link and the QR code, never the QR secret', async () => {
    const { started, order, raw } = await start();
    expect(started.AutoStartURL).toBe(
      `bankid:///?autostarttoken=${encodeURIComponent(order.autoStartToken)}&redirect=null`,
    );
    expect(started.QrCodeData).toBe(`bankid.${order.qrStartToken}.0.${hmacHex(order.qrStartSecret, 0)}`);
    expect(raw).not.toContain(order.qrStartSecret);
    expect(raw).not.toContain(order.orderRef);
    expect(order.endUserIp).toBe('127.0.0.1');
  });

  it('animates the QR code by the seconds since the start, which the BankID app accepts', async () => {
    const { started, order } = await start();
    await age(started.ClientAccessKey, 7);
    // BankID's clock sees the same seven seconds.
    controls().backdateOrder(order.orderRef, 7000);
    const { QrCodeData } = await refresh(started.ClientAccessKey);
    expect(QrCodeData).toBe(`bankid.${order.qrStartToken}.7.${hmacHex(order.qrStartSecret, 7)}`);
    expect(controls().scanQr(QrCodeData)).toBe(true);
    expect(controls().scanQr(started.QrCodeData)).toBe(false); // seven seconds stale
  });

  it('follows the order from waiting to done, and gives the confirmed identity', async () => {
    const { started, order } = await start();
    expect(await refresh(started.ClientAccessKey)).toMatchObject({
      Status: 'pending',
      HintCode: 'outstandingTransaction',
    });
    controls().startApp(order.orderRef);
    controls().promptUser(order.orderRef);
    await age(started.ClientAccessKey);
    expect(await refresh(started.ClientAccessKey)).toMatchObject({ Status: 'pending', HintCode: 'userSign' });
    expect((await validate(started.ClientAccessKey)).json()).toEqual({ Status: 'pending' });

    controls().approve(order.orderRef, '199001011239');
    await age(started.ClientAccessKey);
    const done = await refresh(started.ClientAccessKey);
    expect(done).toEqual({ Status: 'complete' });
    const validated = await validate(started.ClientAccessKey);
    expect(validated.json()).toEqual({
      Status: 'complete',
      User: { PersonalNumber: '19900101-1239', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' },
      // Anna has no user here: the answer carries what her BankID registration needs.
      PersonalNumberToken: expect.any(String),
    });
    const stored = await findBankIdOrder(testApp.database.db, started.ClientAccessKey);
    expect(stored?.completionData).toMatchObject({ signature: expect.any(String), ocspResponse: expect.any(String) });
  });

  it('collects from BankID at most every two seconds, whoever refreshes', async () => {
    const { started, order } = await start();
    await refresh(started.ClientAccessKey);
    controls().approve(order.orderRef, '199001011239');
    // A refresh within two seconds of the last collect answers from the database.
    expect(await refresh(started.ClientAccessKey)).toMatchObject({ Status: 'pending' });
    await age(started.ClientAccessKey);
    expect(await refresh(started.ClientAccessKey)).toMatchObject({ Status: 'complete' });
  });

  it('says "action cancelled" when the user cancels in the app, or here', async () => {
    const inApp = await start();
    controls().cancelByUser(inApp.order.orderRef);
    await age(inApp.started.ClientAccessKey);
    expect(await refresh(inApp.started.ClientAccessKey)).toEqual({ Status: 'failed', HintCode: 'userCancel' });
    expect((await validate(inApp.started.ClientAccessKey)).json()).toMatchObject({ code: 'ACTION_CANCELLED' });

    const here = await start();
    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/app/bankid/${here.started.ClientAccessKey}/cancel`,
    });
    expect(cancelled.statusCode).toBe(204);
    expect(controls().findOrder(here.order.orderRef)?.status).toBe('failed');
    expect(await refresh(here.started.ClientAccessKey)).toMatchObject({ Status: 'cancelled' });
    expect((await validate(here.started.ClientAccessKey)).statusCode).toBe(409);
  });

  it('cancels the order a new one replaces', async () => {
    const first = await start();
    await start({ ReplacesClientAccessKey: first.started.ClientAccessKey });
    expect((await findBankIdOrder(testApp.database.db, first.started.ClientAccessKey))?.status).toBe('cancelled');
  });

  it('refuses registration to a person under 18 (SPEC sections 5 and 9), in the asked language', async () => {
    const { started, order } = await start({ Purpose: 'registration' });
    controls().approve(order.orderRef, '201205052382');
    await age(started.ClientAccessKey);
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/app/bankid/validate?lang=sv',
      payload: { ClientAccessKey: started.ClientAccessKey },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERSON_TOO_YOUNG', message: expect.stringMatching(/18/) });
  });

  it('keeps an order pending through a BankID outage, and reports a failed start', async () => {
    const { started } = await start();
    controls().failNext({ status: 503, errorCode: 'maintenance', times: 1 });
    await age(started.ClientAccessKey);
    expect(await refresh(started.ClientAccessKey)).toMatchObject({ Status: 'pending' });

    controls().failNext({ status: 500, errorCode: 'internalError', times: 1 });
    const failed = await testApp.app.inject({ method: 'POST', url: '/v2/linktinker/app/bankid', payload: {} });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'BANKID_START_FAILED' });
  });

  it("answers 404 for another order's key it does not hold, and 400 for a malformed one", async () => {
    const unknown = await testApp.app.inject('/v2/linktinker/app/bankid/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const malformed = await testApp.app.inject('/v2/linktinker/app/bankid/%3Cscript%3E');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('the tester page, /sim/bankid', () => {
  it('serves the page and lets a tester approve an order as a test person', async () => {
    const page = await testApp.app.inject('/sim/bankid');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script src="/sim/bankid/page.js" data-api="/sim/bankid/api"></script>');
    expect((await testApp.app.inject('/sim/bankid/page.js')).headers['content-type']).toContain('javascript');
    const { persons } = (await testApp.app.inject('/sim/bankid/api/persons')).json();
    expect(persons.map((person: { personalNumber: string }) => person.personalNumber)).toContain('198507142381');

    const { started, order } = await start();
    const approved = await testApp.app.inject({
      method: 'POST',
      url: `/sim/bankid/api/orders/${order.orderRef}/approve`,
      payload: { personalNumber: '198507142381' },
    });
    expect(approved.json()).toMatchObject({ status: 'complete' });
    await age(started.ClientAccessKey);
    expect((await validate(started.ClientAccessKey)).json()).toMatchObject({
      User: { PersonalNumber: '19850714-2381', Name: 'Erik Johansson' },
    });
  });

  it('checks a pasted QR code as the app would', async () => {
    const { started } = await start();
    const scan = (qrData: string) =>
      testApp.app.inject({ method: 'POST', url: '/sim/bankid/api/qr', payload: { qrData } });
    expect((await scan(started.QrCodeData)).json()).toEqual({ isAccepted: true });
    const tampered = `${started.QrCodeData.slice(0, -1)}${started.QrCodeData.endsWith('0') ? '1' : '0'}`;
    expect((await scan(tampered)).json()).toEqual({ isAccepted: false });
  });
});

describe('without BankID configured', () => {
  it('refuses to start an order with the catalogue error', async () => {
    const offline = await buildTestApp({ env: { SIMULATORS: 'off' } });
    try {
      const response = await offline.app.inject({ method: 'POST', url: '/v2/linktinker/app/bankid', payload: {} });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'BANKID_START_FAILED' });
    } finally {
      await offline.close();
    }
  });
});
