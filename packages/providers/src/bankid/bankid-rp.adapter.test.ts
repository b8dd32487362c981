import net, { type AddressInfo } from 'node:net';
import { type RunningBankIdSimulator, startBankIdSimulator } from '@signlink/simulators/bankid/bankid-simulator';
import { createBankIdTestPki } from '@signlink/simulators/bankid/bankid-test-pki';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BankIdError } from './bankid-error.ts';
import { type BankIdRpClient, type BankIdRpConfig, createBankIdRpClient } from './bankid-rp.adapter.ts';
import { createBankIdClient } from './create-bankid-client.ts';

// A test person the simulator knows (its check digit is valid).
const PERSONAL_NUMBER = '199001011239';
const END_USER_IP = '203.0.113.7';

async function bankIdErrorOf(promise: Promise<unknown>): Promise<BankIdError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BankIdError);
  return error as BankIdError;
}

/** The base64 `usrVisibleData` inside the signature XML of the completion data, decoded. */
function signedVisibleText(signature: string): string | undefined {
  const xml = Buffer.from(signature, 'base64').toString('utf8');
  const base64 = /<usrVisibleData[^>]*>([^<]*)<\/usrVisibleData>/.exec(xml)?.[1];
  return base64 === undefined ? undefined : Buffer.from(base64, 'base64').toString('utf8');
}

describe('BankID RP client against the BankID simulator (mutual TLS)', () => {
  let sim: RunningBankIdSimulator;
  let config: BankIdRpConfig;
  let client: BankIdRpClient;
  const extraClients: BankIdRpClient[] = [];

  beforeAll(async () => {
    sim = await startBankIdSimulator();
    config = {
      apiUrl: `${sim.url}/rp/v6.0`,
      pfx: sim.pki.client.pfx,
      passphrase: sim.pki.client.passphrase,
      ca: sim.pki.ca,
      timeoutMs: 5_000,
    };
    client = createBankIdRpClient(config);
  }, 60_000);
  afterEach(() => sim.controls.reset());
  afterAll(async () => {
    client?.close();
    for (const extra of extraClients) extra.close();
    await sim?.close();
  });

  it('authenticates: auth, pending while the user acts, complete with the user', async () => {
    const started = await client.auth({ endUserIp: END_USER_IP, userVisibleData: 'Logga in på Signlink' });
    expect(started).toEqual({
      orderRef: expect.any(String),
      autoStartToken: expect.any(String),
      qrStartToken: expect.any(String),
      qrStartSecret: expect.any(String),
    });

    expect(await client.collect(started.orderRef)).toEqual({
      orderRef: started.orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });
    sim.controls.startApp(started.orderRef);
    sim.controls.promptUser(started.orderRef);
    expect(await client.collect(started.orderRef)).toMatchObject({ status: 'pending', hintCode: 'userSign' });

    sim.controls.approve(started.orderRef, PERSONAL_NUMBER);
    const collected = await client.collect(started.orderRef);
    if (collected.status !== 'complete') throw new Error(`expected complete, got ${collected.status}`);
    expect(collected.completionData).toMatchObject({
      user: { personalNumber: PERSONAL_NUMBER, givenName: 'Anna', surname: 'Andersson', name: 'Anna Andersson' },
      device: { ipAddress: END_USER_IP, uhi: expect.any(String) },
      bankIdIssueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      signature: expect.any(String),
      ocspResponse: expect.any(String),
    });
  });

  it('signs: sends the visible text as base64 of UTF-8 and gets it back in the signature', async () => {
    const text = 'Jag godkänner avtalet för Åsa Öberg: 1 000 kr/år.\nSignlink ✓';
    const hidden = Buffer.from([0, 1, 2, 250, 251, 252]);
    const started = await client.sign({
      endUserIp: END_USER_IP,
      userVisibleData: text,
      userNonVisibleData: hidden,
      userVisibleDataFormat: 'simpleMarkdownV1',
      requirement: { personalNumber: PERSONAL_NUMBER, pinCode: true },
      returnRisk: true,
    });

    const request = sim.controls.findOrder(started.orderRef).request;
    expect(request).toMatchObject({
      kind: 'sign',
      userVisibleData: Buffer.from(text, 'utf8').toString('base64'),
      userVisibleText: text,
      userNonVisibleData: hidden.toString('base64'),
      userVisibleDataFormat: 'simpleMarkdownV1',
      personalNumber: PERSONAL_NUMBER,
    });

    sim.controls.approve(started.orderRef, PERSONAL_NUMBER);
    const collected = await client.collect(started.orderRef);
    if (collected.status !== 'complete') throw new Error(`expected complete, got ${collected.status}`);
    expect(signedVisibleText(collected.completionData.signature)).toBe(text);
  });

  it('reports failed orders with their hint code, and cancels', async () => {
    const byUser = await client.auth({ endUserIp: END_USER_IP });
    sim.controls.cancelByUser(byUser.orderRef);
    expect(await client.collect(byUser.orderRef)).toEqual({
      orderRef: byUser.orderRef,
      status: 'failed',
      hintCode: 'userCancel',
    });

    const byUs = await client.sign({ endUserIp: END_USER_IP, userVisibleData: 'Avtal' });
    await client.cancel(byUs.orderRef);
    expect(await client.collect(byUs.orderRef)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });
  });

  it('starts phone orders with only an orderRef', async () => {
    const auth = await client.phoneAuth({ personalNumber: PERSONAL_NUMBER, callInitiator: 'RP' });
    expect(auth).toEqual({ orderRef: expect.any(String) });
    sim.controls.startApp(auth.orderRef);
    expect(await client.collect(auth.orderRef)).toMatchObject({ status: 'pending', hintCode: 'userCallConfirm' });
    await client.cancel(auth.orderRef);

    const sign = await client.phoneSign({
      personalNumber: PERSONAL_NUMBER,
      callInitiator: 'user',
      userVisibleData: 'Avtal via telefon',
    });
    expect(sign).toEqual({ orderRef: expect.any(String) });
  });

  it("maps BankID's errors: alreadyInProgress, invalidParameters, notFound, maintenance", async () => {
    await client.phoneAuth({ personalNumber: PERSONAL_NUMBER, callInitiator: 'user' });
    const inProgress = await bankIdErrorOf(
      client.phoneAuth({ personalNumber: PERSONAL_NUMBER, callInitiator: 'user' }),
    );
    expect(inProgress).toMatchObject({ errorCode: 'alreadyInProgress', httpStatus: 400, isRetryable: false });

    // Twelve digits pass our shape check; the wrong check digit is BankID's to refuse.
    const invalid = await bankIdErrorOf(client.phoneAuth({ personalNumber: '199001011230', callInitiator: 'RP' }));
    expect(invalid).toMatchObject({ errorCode: 'invalidParameters', httpStatus: 400, isRetryable: false });
    expect(invalid.details).toContain('personalNumber');

    const notFound = await bankIdErrorOf(client.collect('00000000-0000-4000-8000-000000000000'));
    expect(notFound).toMatchObject({ errorCode: 'notFound', httpStatus: 404, isRetryable: false });

    sim.controls.failNext({ status: 503, errorCode: 'maintenance', details: 'Down for maintenance' });
    const maintenance = await bankIdErrorOf(client.auth({ endUserIp: END_USER_IP }));
    expect(maintenance).toMatchObject({
      errorCode: 'maintenance',
      details: 'Down for maintenance',
      httpStatus: 503,
      isRetryable: true,
    });
  });

  it('refuses input BankID would refuse before calling it', async () => {
    const cases: Promise<unknown>[] = [
      client.auth({ endUserIp: 'not-an-ip' }),
      client.sign({ endUserIp: END_USER_IP, userVisibleData: '' }),
      // 30 000 three-byte characters are 120 000 characters of base64; sign takes 40 000.
      client.sign({ endUserIp: END_USER_IP, userVisibleData: '✓'.repeat(30_000) }),
      client.auth({ endUserIp: END_USER_IP, userVisibleData: 'x'.repeat(1_200) }),
      client.phoneAuth({ personalNumber: '19900101-1239', callInitiator: 'RP' }),
    ];
    for (const call of cases) {
      const error = await bankIdErrorOf(call);
      expect(error.errorCode).toBe('invalidParameters');
      expect(error.httpStatus).toBeUndefined();
    }
    expect(sim.controls.listOrders().length).toBe(0);
  });

  it('is what the factory builds for the rp driver', async () => {
    const built = createBankIdClient({ driver: 'rp', ...config });
    extraClients.push(built as BankIdRpClient);
    expect(await built.auth({ endUserIp: END_USER_IP })).toMatchObject({ orderRef: expect.any(String) });
  });

  it('refuses a server not issued by the configured CA', async () => {
    const otherPki = createBankIdTestPki({ commonName: 'Another RP' });
    const wrongCa = createBankIdRpClient({ ...config, ca: otherPki.ca });
    extraClients.push(wrongCa);
    const error = await bankIdErrorOf(wrongCa.auth({ endUserIp: END_USER_IP }));
    expect(error).toMatchObject({ errorCode: 'unreachable', isRetryable: true });
    // Not a TLS chain error: the simulator's CA rides along in the client's PKCS#12, which OpenSSL then trusts too.
    expect(error.details).toContain('not issued by the configured BankID CA');
    expect(error.httpStatus).toBeUndefined();
    expect(sim.controls.listOrders().length).toBe(0);
  }, 60_000);

  it('is refused by the server with a client certificate from another CA', async () => {
    const otherPki = createBankIdTestPki({ commonName: 'Another RP' });
    const stranger = createBankIdRpClient({ ...config, pfx: otherPki.client.pfx });
    extraClients.push(stranger);
    const error = await bankIdErrorOf(stranger.auth({ endUserIp: END_USER_IP }));
    expect(error.errorCode).toBe('unreachable');
    expect(sim.controls.listOrders().length).toBe(0);
  }, 60_000);

  it('reports a refused connection as unreachable and retryable', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const offline = createBankIdRpClient({ ...config, apiUrl: `https://127.0.0.1:${closedPort}/rp/v6.0` });
    extraClients.push(offline);
    const error = await bankIdErrorOf(offline.collect('any'));
    expect(error).toMatchObject({ errorCode: 'unreachable', isRetryable: true });
    expect(error.details).toContain('ECONNREFUSED');
  });

  it('fails at creation when the client certificate cannot be opened', () => {
    expect(() => createBankIdRpClient({ ...config, passphrase: 'wrong' })).toThrow(/client certificate/);
  });
});
