import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningBankIdSimulator, startBankIdSimulator } from './bankid-simulator.ts';
import { callBankIdSimulator } from './bankid-test-client.ts';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const TTL_MS = 10_000;

describe('BankID simulator: collect outcomes', () => {
  let sim: RunningBankIdSimulator;
  let clock = Date.parse('2026-03-02T09:00:00Z');
  const call = (path: string, body: unknown) =>
    callBankIdSimulator({ url: `${sim.url}/rp/v6.0/${path}`, pki: sim.pki, body });
  const collect = async (orderRef: unknown) => (await call('collect', { orderRef })).body;
  const startAuth = async (body: Record<string, unknown> = {}) => {
    const response = await call('auth', { endUserIp: '192.0.2.7', ...body });
    expect(response.status).toBe(200);
    return response.body.orderRef as string;
  };

  beforeAll(async () => {
    sim = await startBankIdSimulator({ now: () => clock, orderTtlMs: TTL_MS });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.controls.reset());

  it('goes outstandingTransaction → started → userSign → complete, with the signer in completionData', async () => {
    const text = 'Jag godkänner avtalet **Hyra 2026**';
    const nonVisible = base64('document-sha256:abc');
    const response = await call('sign', {
      endUserIp: '192.0.2.7',
      userVisibleData: base64(text),
      userVisibleDataFormat: 'simpleMarkdownV1',
      userNonVisibleData: nonVisible,
      requirement: { personalNumber: '199001011239', pinCode: true },
    });
    const orderRef = response.body.orderRef as string;
    expect(await collect(orderRef)).toEqual({ orderRef, status: 'pending', hintCode: 'outstandingTransaction' });
    sim.controls.startApp(orderRef);
    expect(await collect(orderRef)).toEqual({ orderRef, status: 'pending', hintCode: 'started' });
    sim.controls.promptUser(orderRef);
    expect(await collect(orderRef)).toEqual({ orderRef, status: 'pending', hintCode: 'userSign' });

    // Only the person the order names can approve it; someone else is turned away and the order waits.
    expect(() => sim.controls.approve(orderRef, '198507142381')).toThrow(/Only 199001011239/);
    expect((await collect(orderRef)).status).toBe('pending');
    sim.controls.approve(orderRef, '199001011239');

    const completed = await collect(orderRef);
    expect(completed).toEqual({
      orderRef,
      status: 'complete',
      completionData: {
        user: { personalNumber: '199001011239', name: 'Anna Andersson', givenName: 'Anna', surname: 'Andersson' },
        device: { ipAddress: '192.0.2.7', uhi: expect.any(String) },
        bankIdIssueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        signature: expect.any(String),
        ocspResponse: expect.any(String),
      },
    });
    const completion = completed.completionData as { signature: string; ocspResponse: string };
    const xml = Buffer.from(completion.signature, 'base64').toString('utf8');
    expect(xml).toContain(`<usrVisibleData charset="UTF-8" visible="wysiwys">${base64(text)}</usrVisibleData>`);
    expect(xml).toContain(`<usrNonVisibleData>${nonVisible}</usrNonVisibleData>`);
    const signedData = /<bankIdSignedData[\s\S]*<\/bankIdSignedData>/.exec(xml)?.[0] ?? '';
    const digest = createHash('sha256').update(signedData).digest('base64');
    expect(xml).toContain(`<DigestValue>${digest}</DigestValue>`);
    expect(Buffer.from(completion.ocspResponse, 'base64').toString('latin1')).toMatch(/^BankID simulator OCSP/);
  });

  it('reports risk and the passport step when the order asked for them', async () => {
    const orderRef = await startAuth({ returnRisk: true, requirement: { mrtd: true } });
    sim.controls.setHint(orderRef, 'userMrtd');
    expect((await collect(orderRef)).hintCode).toBe('userMrtd');
    sim.controls.approve(orderRef, '201205052382');
    const { completionData } = await collect(orderRef);
    expect(completionData).toMatchObject({ risk: 'low', stepUp: { mrtd: true }, user: { name: 'Lisa Lind' } });
  });

  it('shows a phone order the call confirmation when the app opens', async () => {
    const response = await call('phone/auth', { personalNumber: '197212312396', callInitiator: 'RP' });
    const orderRef = response.body.orderRef as string;
    sim.controls.startApp(orderRef);
    expect((await collect(orderRef)).hintCode).toBe('userCallConfirm');
    sim.controls.failOrder(orderRef, 'userDeclinedCall');
    expect(await collect(orderRef)).toEqual({ orderRef, status: 'failed', hintCode: 'userDeclinedCall' });
  });

  it('fails userCancel when the user cancels in the app', async () => {
    const orderRef = await startAuth();
    sim.controls.startApp(orderRef);
    sim.controls.cancelByUser(orderRef);
    expect(await collect(orderRef)).toEqual({ orderRef, status: 'failed', hintCode: 'userCancel' });
  });

  it('fails cancelled after the relying party cancels, answering {}', async () => {
    const orderRef = await startAuth();
    expect(await call('cancel', { orderRef })).toEqual({ status: 200, body: {} });
    expect(await collect(orderRef)).toEqual({ orderRef, status: 'failed', hintCode: 'cancelled' });
    expect(() => sim.controls.approve(orderRef, '199001011239')).toThrow(/failed/);
  });

  it('fails expiredTransaction once the order outlives its TTL', async () => {
    const orderRef = await startAuth();
    clock += TTL_MS - 1;
    expect((await collect(orderRef)).status).toBe('pending');
    clock += 1;
    expect(await collect(orderRef)).toEqual({ orderRef, status: 'failed', hintCode: 'expiredTransaction' });
  });

  it('expires an order on demand', async () => {
    const orderRef = await startAuth();
    sim.controls.expire(orderRef);
    expect(await collect(orderRef)).toEqual({ orderRef, status: 'failed', hintCode: 'expiredTransaction' });
  });

  it('refuses hints from the wrong list', () => {
    const order = sim.controls.createOrder({ kind: 'auth', endUserIp: '::1' });
    // @ts-expect-error: a failure hint is not a pending one
    expect(() => sim.controls.setHint(order.orderRef, 'userCancel')).toThrow(/pending hint/);
  });
});
