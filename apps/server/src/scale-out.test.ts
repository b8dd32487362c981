import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfsig } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoundRobinProxy } from '../test/round-robin-proxy.ts';
import { fixturePdfDirectory } from '../test/seed-signed-document.ts';
import { type ServerProcess, startServerOnFreePort, startServerProcess } from '../test/start-server-process.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { waitFor } from './jobs/job-test-helpers.ts';
import { drawing } from './modules/links/link-signing.test-helpers.ts';

/*
 * ARCHITECTURE "Scale-out": N API processes and M workers behind any load balancer behave as one service. Two API
 * processes (ROLES=api) and two workers (ROLES=worker) share one PostgreSQL database and one data folder; a
 * round-robin proxy sends each request to the next API process, so every step of the journey below, BankID's start,
 * the tester's approval and the polls included, is served by a process that did not serve the step before; the S3
 * calls of every process (the simulator's, under /sim/s3) alternate between the API processes the same way.
 */

const isPostgres = process.env.TEST_DB === 'postgres';
const title = isPostgres
  ? 'two API processes and two workers behind a round-robin proxy'
  : 'scale-out journey skipped: it needs PostgreSQL (the server:postgres project, with TEST_DATABASE_URL set)';

const demo = { email: 'demo@signlink.test', password: 'signlink-demo' };
const webClient = `Basic ${Buffer.from('signlink-web:').toString('base64')}`;
const erik = { personalNumber: '198507142381', name: 'Erik Johansson' };

describe.skipIf(!isPostgres)(title, () => {
  let database: TestDatabase;
  let dataDir: string;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  const apis: ServerProcess[] = [];
  const workers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('a PostgreSQL test database has a url');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-scale-'));
    proxy = await startRoundRobinProxy();
    // Links in messages, written by workers that have no HTTP port, point at the load balancer. Files go to S3: the
    // simulator each API process serves under /sim/s3, reached through the balancer too, so an object one process
    // stored is read back through another (the simulators keep their objects in the shared data folder).
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: proxy.url,
      S3_BUCKET: 'signlink-scale',
      S3_ENDPOINT: `${proxy.url}/sim/s3`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'simulator',
      S3_SECRET_ACCESS_KEY: 'simulator',
    };
    const startApi = () => startServerOnFreePort({ dataDir, env: { ...env, ROLES: 'api' } });
    // All four at once on a fresh folder: they must agree on one set of local seal keys (issue 21, item 3).
    const startWorker = () => startServerProcess({ dataDir, env: { ...env, ROLES: 'worker' } });
    const [first, second, ...started] = await Promise.all([startApi(), startApi(), startWorker(), startWorker()]);
    apis.push(first, second);
    workers.push(...started);
    apis.forEach((api, index) => {
      proxy.add({ name: `api-${index + 1}`, port: api.port });
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((service) => service.stop()));
    await proxy?.close();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A call through the proxy; `body` as JSON unless it is bytes. */
  async function call(method: string, url: string, options: { token?: string; body?: unknown } = {}) {
    const isBytes = options.body instanceof Uint8Array;
    return fetch(`${proxy.url}${url}`, {
      method,
      headers: {
        authorization: options.token ? `Bearer ${options.token}` : webClient,
        ...(options.body === undefined ? {} : { 'content-type': isBytes ? 'application/pdf' : 'application/json' }),
      },
      ...(options.body === undefined
        ? {}
        : { body: isBytes ? (options.body as Uint8Array) : JSON.stringify(options.body) }),
    });
  }
  async function json<T = Record<string, unknown>>(method: string, url: string, options?: Parameters<typeof call>[2]) {
    const response = await call(method, url, options);
    const text = await response.text();
    expect(response.ok, `${method} ${url}: ${response.status} ${text}`).toBe(true);
    return JSON.parse(text) as T;
  }

  const messagesTo = async (recipient: string) =>
    (await json<{ messages: unknown[] }>('GET', `/v2/dev/messages?recipient=${encodeURIComponent(recipient)}`))
      .messages;

  /** The sender's side: the demo account uploads, places one signature field per party and sends by e-mail. */
  async function sendForSigning(emails: [string, string]) {
    const { accessToken: token } = await json<{ accessToken: string }>('POST', '/v2/oauth/generatetoken', {
      body: demo,
    });
    const pdf = new Uint8Array(fs.readFileSync(path.join(fixturePdfDirectory, 'pdflatex-4-pages.pdf')));
    const draft = await json<{ Id: string; Files: { Id: string }[] }>('POST', '/v2/linktinker/files?name=Avtal.pdf', {
      token,
      body: pdf,
    });
    await json('PUT', `/v2/linktinker/projects/${draft.Id}`, {
      token,
      body: {
        Title: 'Avtal',
        AccessLevel: 'private',
        Settings: { requireVerification: false },
        Message: '',
        Parties: [
          { SignatureIndex: 0, Name: 'Anna Andersson', Email: emails[0], InvitationMethod: 'email' },
          { SignatureIndex: 1, Name: erik.name, Email: emails[1], InvitationMethod: 'email', SignatureType: 'bankid' },
        ].map((party) => ({ SignatureType: 'e-signature', GetPaid: false, ...party })),
      },
    });
    const field = (signatureIndex: number, y: number) => ({
      id: `signature-${signatureIndex}`,
      type: 'signature',
      signatureIndex,
      page: 1,
      x: 72,
      y,
      width: 200,
      height: 50,
      required: true,
    });
    await json('POST', `/v2/linktinker/files/${draft.Files[0]?.Id}/rules`, {
      token,
      body: { Fields: [field(0, 420), field(1, 520)] },
    });
    await json('POST', '/v2/linktinker/links', { token, body: { ProjectId: draft.Id } });
    const sent = await json<{ Links: { Code: string; SignatureIndex: number }[] }>(
      'GET',
      `/v2/linktinker/projects/${draft.Id}/links`,
      { token },
    );
    const codeOf = (index: number) => sent.Links.find((link) => link.SignatureIndex === index)?.Code ?? '';
    return [codeOf(0), codeOf(1)] as const;
  }

  /**
   * One BankID order: started, scanned and approved on the tester page as the person with the app would, and polled
   * until complete. Answers the order's key.
   */
  async function completeBankIdOrder(linkCode: string, startPath: string, body: object) {
    const started = await json<{ ClientAccessKey: string; QrCodeData: string }>(
      'POST',
      `/v2/linktinker/links/${linkCode}/${startPath}`,
      { body },
    );
    const startedBy = proxy.requests.at(-1)?.target;
    const key = started.ClientAccessKey;
    const orderUrl = `/v2/linktinker/links/${linkCode}/bankid/${key}`;
    // The next process in turn collects the order another started: unknown to its simulator, it would fail here.
    expect(await json('GET', orderUrl)).toMatchObject({ Status: 'pending' });
    const { isAccepted } = await json<{ isAccepted: boolean }>('POST', '/sim/bankid/api/qr', {
      body: { qrData: started.QrCodeData },
    });
    expect(isAccepted).toBe(true);
    const qrStartToken = started.QrCodeData.split('.')[1];
    const { orders } = await json<{ orders: { orderRef: string; qrStartToken?: string }[] }>(
      'GET',
      '/sim/bankid/api/orders',
    );
    const orderRef = orders.find((order) => order.qrStartToken === qrStartToken)?.orderRef;
    await json('POST', `/sim/bankid/api/orders/${orderRef}/approve`, { body: { personalNumber: erik.personalNumber } });
    await waitFor(async () => (await json<{ Status: string }>('GET', orderUrl)).Status === 'complete', {
      timeoutMs: 15_000,
    });
    const collectedBy = proxy.requests.filter((request) => request.path.includes(key)).map((r) => r.target);
    expect(new Set([startedBy, ...collectedBy]).size, `started by ${startedBy}, collected by ${collectedBy}`).toBe(2);
    return key;
  }

  it('runs a sign-and-seal journey with a drawn and a BankID signature, sealed by a worker', async () => {
    const emails = ['anna.scale@example.com', 'erik.scale@example.com'] as [string, string];
    const [annaCode, erikCode] = await sendForSigning(emails);
    // The invitations are sent by the workers, into the developer mailbox in the shared data folder.
    await waitFor(async () => (await messagesTo(emails[0])).length > 0 && (await messagesTo(emails[1])).length > 0, {
      timeoutMs: 20_000,
    });

    const anna = await json<{ RequestToken: string }>('POST', `/v2/linktinker/links/${annaCode}/access`, { body: {} });
    await json('POST', `/v2/linktinker/links/${annaCode}/sign/ink`, {
      body: {
        SignatureIndex: 0,
        RequestToken: anna.RequestToken,
        InkSignatureJsonData: drawing(),
        AllowServerSubmit: true,
      },
    });

    // A BankID party's link opens through BankID (SPEC section 4), then the slot is signed with BankID.
    const gateKey = await completeBankIdOrder(erikCode, 'bankid', {});
    const opened = await json<{ RequestToken: string }>('POST', `/v2/linktinker/links/${erikCode}/access`, {
      body: { BankIdClientAccessKey: gateKey },
    });
    const requestToken = opened.RequestToken;
    const signKey = await completeBankIdOrder(erikCode, 'validation/bankid', { requestToken, SignatureIndex: 1 });
    const signed = await json('POST', `/v2/linktinker/links/${erikCode}/validation/validate/bankid`, {
      body: { ClientAccessKey: signKey, SignatureIndex: 1, AllowServerSubmit: true },
    });
    expect(signed).toMatchObject({ Status: 'complete', User: { Name: erik.name } });

    const statusUrl = `/v2/linktinker/links/${erikCode}/status?requestToken=${encodeURIComponent(requestToken)}`;
    await waitFor(
      async () => {
        const status = await json<{ State: string; SealedPdfAvailable: boolean }>('GET', statusUrl);
        expect(status.State).not.toBe('seal-failed');
        return status.State === 'completed' && status.SealedPdfAvailable;
      },
      { timeoutMs: 40_000 },
    );
    const download = await call(
      'GET',
      `/v2/linktinker/links/${erikCode}/download?requestToken=${encodeURIComponent(requestToken)}`,
    );
    expect(download.status).toBe(200);
    const sealed = new Uint8Array(await download.arrayBuffer());
    const check = pdfsig(sealed);
    expect(check.signatureValid, check.output).toBe(true);
    expect(check.wholeDocument, check.output).toBe(true);
    const verification = await json<{ Verdict: string }>('POST', '/v2/linktinker/verify', { body: sealed });
    expect(verification.Verdict).toBe('valid');

    expect(proxy.requests.filter((request) => request.status >= 500)).toEqual([]);
  }, 120_000);
});
