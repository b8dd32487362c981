import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { newId } from '../../lib/ids.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { insertSession } from '../auth/sessions.repository.ts';
import { apiErrorRowsOf, basicOf, insertTestApiClient } from './developer-log-test-helpers.ts';

/**
 * Issue 26, part 6: what the developer log records of an integration's calls. The writer runs after the answer left,
 * so each test waits for its row (or, to show none came, for a later call's row, which is written after it).
 */
let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInSeededUser>>;
let client: Awaited<ReturnType<typeof insertTestApiClient>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signInSeededUser(testApp, { role: roles.administrator });
  client = await insertTestApiClient(testApp.database.db, { accountId: admin.accountId, userId: admin.userId });
});
afterAll(() => testApp.close());

const rows = () => apiErrorRowsOf(testApp.database.db, admin.accountId);
const rowFor = async (requestId: string) => {
  const found = await vi.waitFor(async () => {
    const row = (await rows()).find((candidate) => candidate.requestId === requestId);
    if (!row) throw new Error(`no row for ${requestId} yet`);
    return row;
  });
  return found;
};

/** A marker call that is logged: once its row is there, every earlier call's row would be too. */
async function settle() {
  const reply = await testApp.app.inject({
    method: 'GET',
    url: '/v2/no-such-route',
    headers: { authorization: client.basic },
  });
  await rowFor(reply.headers['x-request-id'] as string);
}

describe('the developer log records an integration’s failed calls', () => {
  it('logs a client on a route it may not call with the route’s pattern and code, no query or secret', async () => {
    const secretInQuery = 'sls_leakedSecretValue';
    const reply = await testApp.app.inject({
      method: 'GET',
      url: `/v2/linktinker/app/account/users?search=${secretInQuery}`,
      headers: { authorization: client.basic },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('API_CLIENT_NOT_ALLOWED');
    const row = await rowFor(reply.headers['x-request-id'] as string);
    expect(row).toMatchObject({
      accountId: admin.accountId,
      apiClientId: client.id,
      clientName: 'ERP sync',
      method: 'GET',
      path: '/v2/linktinker/app/account/users',
      status: 403,
      code: 'API_CLIENT_NOT_ALLOWED',
    });
    const written = JSON.stringify(row);
    expect(written).not.toContain(secretInQuery);
    expect(written).not.toContain(client.secret);
    expect(written).not.toContain('?');
  });

  it('logs refused credentials (a wrong secret) under the client’s account, never the secret sent', async () => {
    const wrongSecret = 'sls_notTheRightOne';
    const reply = await testApp.app.inject({
      method: 'GET',
      url: '/v2/linktinker/errands',
      headers: { authorization: basicOf(client.id, wrongSecret) },
    });
    expect(reply.statusCode).toBe(401);
    const row = await rowFor(reply.headers['x-request-id'] as string);
    expect(row).toMatchObject({ apiClientId: client.id, status: 401, code: 'UNAUTHENTICATED' });
    expect(JSON.stringify(row)).not.toContain(wrongSecret);
  });

  it('logs a revoked client’s call under its account', async () => {
    const revoked = await insertTestApiClient(testApp.database.db, {
      accountId: admin.accountId,
      userId: admin.userId,
      name: 'Old CRM',
      revoked: true,
    });
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/contacts',
      headers: { authorization: revoked.basic },
      payload: {},
    });
    expect(reply.statusCode).toBe(401);
    const row = await rowFor(reply.headers['x-request-id'] as string);
    expect(row).toMatchObject({
      apiClientId: revoked.id,
      clientName: 'Old CRM',
      method: 'POST',
      path: '/v2/linktinker/contacts',
      code: 'UNAUTHENTICATED',
    });
  });

  it('logs a call with the token of a client revoked since, under its account', async () => {
    const revoked = await insertTestApiClient(testApp.database.db, {
      accountId: admin.accountId,
      userId: admin.userId,
      name: 'Revoked with a token',
      revoked: true,
    });
    const session = { id: newId('ses'), expiresAt: new Date(Date.now() + 3600_000) };
    await insertSession(testApp.database.db, {
      ...session,
      userId: admin.userId,
      accountId: admin.accountId,
      method: 'api-client',
      apiClientId: revoked.id,
    });
    const token = await signAccessToken(testApp.context.config.sessionSecret, {
      sessionId: session.id,
      userId: admin.userId,
      accountId: admin.accountId,
      expiresAt: session.expiresAt,
    });
    const reply = await testApp.app.inject({
      method: 'GET',
      url: '/v2/linktinker/errands',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(401);
    const row = await rowFor(reply.headers['x-request-id'] as string);
    expect(row).toMatchObject({ apiClientId: revoked.id, clientName: 'Revoked with a token', status: 401 });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('logs a call no route matched as "(no route)", not the path as sent', async () => {
    const reply = await testApp.app.inject({
      method: 'GET',
      url: '/v2/linktinker/secret-path/sls_inThePath',
      headers: { authorization: client.basic },
    });
    expect(reply.statusCode).toBe(404);
    const row = await rowFor(reply.headers['x-request-id'] as string);
    expect(row).toMatchObject({ path: '(no route)', status: 404, code: 'ROUTE_NOT_FOUND' });
  });

  it('logs nothing for a user’s own failed call, a client’s 2xx, or an id that is no client', async () => {
    const before = (await rows()).length;
    const own = await testApp.app.inject({
      method: 'GET',
      url: '/v2/linktinker/contacts/con_nothing',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(own.statusCode).toBeGreaterThanOrEqual(400);
    const ok = await testApp.app.inject({ method: 'GET', url: '/v2/health', headers: { authorization: client.basic } });
    expect(ok.statusCode).toBe(200);
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/v2/linktinker/errands',
      headers: { authorization: basicOf('cli_noSuchClient', 'sls_whatever') },
    });
    expect(unknown.statusCode).toBe(401);
    await settle();
    const after = await rows();
    expect(after.length).toBe(before + 1);
    const ids = after.map((row) => row.requestId);
    for (const reply of [own, ok, unknown]) expect(ids).not.toContain(reply.headers['x-request-id']);
  });
});
