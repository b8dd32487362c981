import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedUser } from '../../../test/seed-user.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { jobDefinitions, jobSchedules } from '../../job-catalog.ts';
import { newId } from '../../lib/ids.ts';
import { purgeDeveloperLog } from './developer-log.service.ts';
import { apiErrorRowsOf, insertTestApiError } from './developer-log-test-helpers.ts';
import { purgeDeveloperLogJob } from './purge-developer-log.job.ts';

const day = 24 * 3600_000;
const ago = (days: number, from = Date.now()) => new Date(from - days * day);

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInSeededUser>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signInSeededUser(testApp, { role: roles.administrator });
  const db = testApp.database.db;
  const accountId = admin.accountId;
  // Newest first: 1 to 5 hours old, and one past the 30 days.
  await insertTestApiError(db, {
    accountId,
    createdAt: ago(1 / 24),
    requestId: 'req-newest',
    code: 'NOT_FOUND',
    status: 404,
    path: '/v2/linktinker/errands/:id',
  });
  await insertTestApiError(db, {
    accountId,
    createdAt: ago(2 / 24),
    requestId: 'req-2',
    clientName: 'Billing 100%_sync',
    method: 'POST',
  });
  await insertTestApiError(db, {
    accountId,
    createdAt: ago(3 / 24),
    requestId: 'req-3',
    status: 422,
    code: 'VALIDATION_FAILED',
  });
  await insertTestApiError(db, { accountId, createdAt: ago(4 / 24), requestId: 'req-4' });
  await insertTestApiError(db, { accountId, createdAt: ago(29), requestId: 'req-29-days' });
  await insertTestApiError(db, { accountId, createdAt: ago(31), requestId: 'req-31-days' });
});
afterAll(() => testApp.close());

const list = (token: string, query = '') =>
  injectWithToken(testApp, token, 'GET', `/v2/linktinker/app/api/logs${query}`);
const idsOf = (body: { Entries: { RequestId: string }[] }) => body.Entries.map((entry) => entry.RequestId);

describe('GET /linktinker/app/api/logs (SPEC /logger)', () => {
  it('lists the last 30 days newest first, each entry whole', async () => {
    const reply = await list(admin.token);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(idsOf(body)).toEqual(['req-newest', 'req-2', 'req-3', 'req-4', 'req-29-days']);
    expect(body).toMatchObject({ Total: 5, Page: 1, PageSize: 25 });
    expect(body.Entries[0]).toMatchObject({
      ClientId: null,
      ClientName: 'ERP sync',
      Method: 'GET',
      Path: '/v2/linktinker/errands/:id',
      Status: 404,
      Code: 'NOT_FOUND',
      RequestId: 'req-newest',
    });
    expect(new Date(body.Entries[0].Time).getTime()).toBeGreaterThan(ago(1 / 12).getTime());
  });

  it('pages', async () => {
    const second = (await list(admin.token, '?page=2&pageSize=2')).json();
    expect(idsOf(second)).toEqual(['req-3', 'req-4']);
    expect(second).toMatchObject({ Total: 5, Page: 2, PageSize: 2 });
    expect(idsOf((await list(admin.token, '?page=4&pageSize=2')).json())).toEqual([]);
    expect((await list(admin.token, '?pageSize=101')).json().code).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['a code, in any case', 'validation_failed', ['req-3']],
    ['a status', '404', ['req-newest']],
    ['a path', 'errands/:id', ['req-newest']],
    ['a method', 'post', ['req-2']],
    ['a request id', 'REQ-29', ['req-29-days']],
    ['% and _ as themselves', '100%_', ['req-2']],
    ['a % alone matches no wildcard', '%%', []],
  ])('searches %s', async (_what, search, expected) => {
    const reply = await list(admin.token, `?search=${encodeURIComponent(search)}`);
    expect(idsOf(reply.json())).toEqual(expected);
    expect(reply.json().Total).toBe(expected.length);
  });

  it("shows another account's administrator none of these rows", async () => {
    const other = await signInSeededUser(testApp, { role: roles.administrator });
    const body = (await list(other.token, '?search=req-')).json();
    expect(body).toMatchObject({ Entries: [], Total: 0 });
  });

  it.each([
    ['a regular user', roles.regular],
    ['a contributor', roles.contributor],
    ['a read-only user', roles.readOnly],
  ])('refuses %s of the account', async (_who, role) => {
    const member = await seedUser(testApp.database.db, { role, accountId: admin.accountId });
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/v2/oauth/generatetoken',
      payload: { email: member.email, password: member.password },
    });
    const reply = await list(login.json().accessToken);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('FORBIDDEN');
  });

  it("refuses a personal account's owner", async () => {
    const accountId = newId('acc');
    await testApp.database.db.insert(accounts).values({ id: accountId, kind: 'personal', name: 'Me', currency: 'SEK' });
    const owner = await signInSeededUser(testApp, { accountId, role: roles.administrator });
    const reply = await list(owner.token);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('FORBIDDEN');
  });

  it('is in the OpenAPI document (SPEC names the screen but no call: DECISIONS)', async () => {
    const document = (await testApp.app.inject({ url: '/v2/docs/json' })).json();
    expect(Object.keys(document.paths['/v2/linktinker/app/api/logs'] ?? {})).toEqual(['get']);
  });

  it('is refused without a session', async () => {
    expect((await list('')).statusCode).toBe(401);
  });
});

describe('the daily purge keeps 30 days', () => {
  it('deletes the rows older than 30 days from `now`, and only those', async () => {
    const { db } = testApp.database;
    const purged = await signInSeededUser(testApp);
    const now = new Date('2026-10-01T12:00:00Z');
    await insertTestApiError(db, {
      accountId: purged.accountId,
      createdAt: ago(30.01, now.getTime()),
      requestId: 'gone',
    });
    await insertTestApiError(db, {
      accountId: purged.accountId,
      createdAt: ago(29.99, now.getTime()),
      requestId: 'kept',
    });
    await insertTestApiError(db, { accountId: purged.accountId, createdAt: now, requestId: 'today' });
    expect(await purgeDeveloperLog(db, now)).toBeGreaterThanOrEqual(1);
    const left = (await apiErrorRowsOf(db, purged.accountId)).map((row) => row.requestId).sort();
    expect(left).toEqual(['kept', 'today']);
    expect(await purgeDeveloperLog(db, now)).toBe(0);
  });

  it('is a catalogued job with a daily schedule', () => {
    expect(jobDefinitions).toContain(purgeDeveloperLogJob);
    expect(jobSchedules.find((entry) => entry.job === purgeDeveloperLogJob)?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
  });
});
