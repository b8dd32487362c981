import { Writable } from 'node:stream';
import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/auth.ts';
import { apiClients } from '../../db/schema/developer.ts';
import { createLogger } from '../../plugins/request-log.ts';
import { apiClientKit, basicOf } from './api-clients.test-helpers.ts';

let testApp: TestApp;
let kit: ReturnType<typeof apiClientKit>;
/** The request log, to show a refused secret is never written there. */
const logLines: string[] = [];

beforeAll(async () => {
  const memory = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  testApp = await buildTestApp({ logger: createLogger({ level: 'info', pretty: false }, memory) });
  kit = apiClientKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

const admin = () => signInSeededUser(testApp, { role: roles.administrator });
const clientRow = async (clientId: string) =>
  (await testApp.database.db.select().from(apiClients).where(eq(apiClients.id, clientId)))[0];

describe('API clients (issue 26, part 1)', () => {
  it('shows the secret once, keeps only its hash, and lists the client without it', async () => {
    const owner = await admin();
    const created = await kit.create(owner.token, { Name: '  ERP export ', AccessLevel: 'read' });
    expect(created).toMatchObject({ Name: 'ERP export', AccessLevel: 'read', LastUsed: null, Revoked: null });
    expect(created.ClientId).toMatch(/^cli_/);
    expect(created.Secret.length).toBeGreaterThan(40);
    expect(created.SecretHint).toBe(created.Secret.slice(-4));
    const row = await clientRow(created.ClientId);
    expect(row?.secretHash).not.toContain(created.Secret);
    expect(row).toMatchObject({ accountId: owner.accountId, actingUserId: owner.userId });

    const list = await kit.call(owner.token, 'GET', '');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.Secret);
    const { Secret: _secret, ...listed } = created;
    expect(list.json().Clients).toEqual([listed]);
  });

  it('lets Basic credentials call the routes open to integrations, and no other', async () => {
    const owner = await admin();
    const client = await kit.create(owner.token);
    const documents = await kit.asClient(client, 'GET', '/linktinker/errands');
    expect(documents.statusCode, documents.body).toBe(200);
    for (const [method, path] of [
      ['GET', '/linktinker/app/account/users'],
      ['GET', '/linktinker/app/api/clients'],
      ['POST', '/linktinker/app/api/clients'],
    ] as const) {
      const refused = await kit.asClient(
        client,
        method,
        path,
        method === 'POST' ? { Name: 'x', AccessLevel: 'full' } : undefined,
      );
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'API_CLIENT_NOT_ALLOWED' });
    }
    // An integration never makes keys: nothing was written by the refused POST.
    expect((await kit.call(owner.token, 'GET', '')).json().Clients).toHaveLength(1);
  });

  it('lets a read-level client read but not write', async () => {
    const owner = await admin();
    const reader = await kit.create(owner.token, { AccessLevel: 'read' });
    expect((await kit.asClient(reader, 'GET', '/linktinker/projects')).statusCode).toBe(200);
    const write = await kit.asClient(reader, 'POST', '/linktinker/links', { ProjectId: 'prj_x' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'API_CLIENT_NOT_ALLOWED', details: { reason: 'read-only-access' } });
  });

  it('exchanges the credentials for a bearer token at oauth/generatetoken, JSON or form-encoded', async () => {
    const owner = await admin();
    const client = await kit.create(owner.token);
    const exchanged = await kit.exchange(client);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json()).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    const token = exchanged.json().access_token as string;
    const [session] = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.apiClientId, client.ClientId));
    expect(session).toMatchObject({ method: 'api-client', userId: owner.userId, accountId: owner.accountId });

    const documents = await injectWithToken(testApp, token, 'GET', '/v2/linktinker/errands');
    expect(documents.statusCode, documents.body).toBe(200);
    const users = await injectWithToken(testApp, token, 'GET', '/v2/linktinker/app/account/users');
    expect(users.json()).toMatchObject({ code: 'API_CLIENT_NOT_ALLOWED' });

    const form = await testApp.app.inject({
      method: 'POST',
      url: '/v2/oauth/generatetoken',
      headers: {
        authorization: basicOf(client.ClientId, client.Secret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().token_type).toBe('Bearer');
  });

  it('refuses a wrong secret, an unknown client and a grant without credentials as bad credentials', async () => {
    const owner = await admin();
    const client = await kit.create(owner.token);
    const wrong = { ...client, Secret: `${client.Secret.slice(0, -1)}x` };
    for (const reply of [
      await kit.exchange(wrong),
      await kit.exchange({ ClientId: 'cli_unknown', Secret: client.Secret }),
      await testApp.app.inject({
        method: 'POST',
        url: '/v2/oauth/generatetoken',
        payload: { grant_type: 'client_credentials' },
      }),
    ]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
      expect(reply.body).not.toContain(client.Secret);
    }
    const direct = await kit.asClient(wrong, 'GET', '/linktinker/errands');
    expect(direct.statusCode).toBe(401);
    // The refusal is logged with the client and why; neither secret, nor the Basic header carrying it.
    const refusals = logLines.filter((line) => line.includes('client credentials refused'));
    expect(refusals.some((line) => line.includes(client.ClientId) && line.includes('wrong-secret'))).toBe(true);
    for (const secret of [client.Secret, wrong.Secret, basicOf(client.ClientId, wrong.Secret).slice(6)]) {
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
    expect(await testApp.database.db.select().from(sessions).where(eq(sessions.apiClientId, client.ClientId))).toEqual(
      [],
    );
  });

  it('stops a revoked client at once: its Basic credentials, its token and new exchanges', async () => {
    const owner = await admin();
    const client = await kit.create(owner.token);
    const token = (await kit.exchange(client)).json().access_token as string;
    expect((await injectWithToken(testApp, token, 'GET', '/v2/linktinker/errands')).statusCode).toBe(200);

    const revoked = await kit.call(owner.token, 'POST', `/${client.ClientId}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().Revoked).toEqual(expect.any(String));

    expect((await kit.asClient(client, 'GET', '/linktinker/errands')).statusCode).toBe(401);
    expect((await injectWithToken(testApp, token, 'GET', '/v2/linktinker/errands')).statusCode).toBe(401);
    expect((await kit.exchange(client)).json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
    // Revoking again keeps the first time.
    const again = await kit.call(owner.token, 'POST', `/${client.ClientId}/revoke`);
    expect(again.json().Revoked).toBe(revoked.json().Revoked);
  });

  it('stops the client when its maker leaves the account', async () => {
    const owner = await admin();
    const other = await signInSeededUser(testApp, { role: roles.administrator, accountId: owner.accountId });
    const client = await kit.create(other.token);
    const token = (await kit.exchange(client)).json().access_token as string;
    const removed = await injectWithToken(
      testApp,
      owner.token,
      'POST',
      `/v2/linktinker/app/users/${other.userId}/remove`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await kit.asClient(client, 'GET', '/linktinker/errands')).statusCode).toBe(401);
    expect((await injectWithToken(testApp, token, 'GET', '/v2/linktinker/errands')).statusCode).toBe(401);
    expect((await kit.exchange(client)).statusCode).toBe(401);
  });

  it("acts in its maker's current role: a maker made read-only takes the client's drafts away", async () => {
    const owner = await admin();
    const maker = await signInSeededUser(testApp, { role: roles.administrator, accountId: owner.accountId });
    const client = await kit.create(maker.token);
    expect((await kit.asClient(client, 'GET', '/linktinker/projects')).statusCode).toBe(200);
    const demoted = await injectWithToken(
      testApp,
      owner.token,
      'PUT',
      `/v2/linktinker/app/users/${maker.userId}/role`,
      { role: roles.readOnly },
    );
    expect(demoted.statusCode, demoted.body).toBeLessThan(300);
    const refused = await kit.asClient(client, 'GET', '/linktinker/projects');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('keeps when the client was last used', async () => {
    const owner = await admin();
    const client = await kit.create(owner.token);
    const before = Date.now();
    await kit.asClient(client, 'GET', '/linktinker/errands');
    const listed = (await kit.call(owner.token, 'GET', '')).json().Clients[0];
    expect(listed.ClientId).toBe(client.ClientId);
    expect(Date.parse(listed.LastUsed)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('renames a client and changes its access level, which binds at once', async () => {
    const owner = await admin();
    const client = await kit.create(owner.token);
    const updated = await kit.call(owner.token, 'POST', `/${client.ClientId}/update`, {
      Name: 'Reporting',
      AccessLevel: 'read',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'Reporting', AccessLevel: 'read' });
    const write = await kit.asClient(client, 'POST', '/linktinker/links', { ProjectId: 'prj_x' });
    expect(write.json()).toMatchObject({ code: 'API_CLIENT_NOT_ALLOWED' });
  });

  it("answers another account's client as not found, to its administrators too", async () => {
    const owner = await admin();
    const client = await kit.create(owner.token);
    const stranger = await admin();
    expect((await kit.call(stranger.token, 'GET', '')).json().Clients).toEqual([]);
    for (const path of ['revoke', 'update']) {
      const reply = await kit.call(stranger.token, 'POST', `/${client.ClientId}/${path}`, {
        Name: 'Taken',
        AccessLevel: 'read',
      });
      expect(reply.statusCode, path).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await clientRow(client.ClientId)).toMatchObject({ name: 'ERP', accessLevel: 'full', revokedAt: null });
  });

  it('refuses members who are not administrators, and personal accounts', async () => {
    const owner = await admin();
    const client = await kit.create(owner.token);
    for (const role of [roles.regular, roles.contributor, roles.readOnly]) {
      const member = await signInSeededUser(testApp, { role, accountId: owner.accountId });
      for (const [method, path] of [
        ['GET', ''],
        ['POST', ''],
        ['POST', `/${client.ClientId}/revoke`],
        ['POST', `/${client.ClientId}/update`],
      ] as const) {
        const reply = await kit.call(
          member.token,
          method,
          path,
          method === 'POST' ? { Name: 'x', AccessLevel: 'read' } : undefined,
        );
        expect(reply.statusCode, `${role} ${method} ${path}`).toBe(403);
        expect(reply.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    const personal = await admin();
    await testApp.database.db.update(accounts).set({ kind: 'personal' }).where(eq(accounts.id, personal.accountId));
    const refused = await kit.call(personal.token, 'POST', '', { Name: 'Mine', AccessLevel: 'full' });
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await clientRow(client.ClientId)).toMatchObject({ revokedAt: null, name: 'ERP' });
    expect(
      await testApp.database.db.select().from(apiClients).where(eq(apiClients.accountId, personal.accountId)),
    ).toEqual([]);
  });

  it('refuses an empty name or an unknown access level, writing nothing', async () => {
    const owner = await admin();
    for (const body of [
      { Name: '', AccessLevel: 'full' },
      { Name: '   ', AccessLevel: 'full' },
      { Name: 'ERP', AccessLevel: 'admin' },
      { Name: 'x'.repeat(101), AccessLevel: 'full' },
      { AccessLevel: 'full' },
    ]) {
      const reply = await kit.call(owner.token, 'POST', '', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const client = await kit.create(owner.token);
    const update = await kit.call(owner.token, 'POST', `/${client.ClientId}/update`, { Name: '', AccessLevel: 'x' });
    expect(update.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const rows = await testApp.database.db.select().from(apiClients).where(eq(apiClients.accountId, owner.accountId));
    expect(rows.map((row) => [row.name, row.accessLevel])).toEqual([['ERP', 'full']]);
  });
});
