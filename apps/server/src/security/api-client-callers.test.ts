import { roles } from '@signlink/contracts/auth/roles';
import { allowsApiClients, type RouteContract } from '@signlink/contracts/http/route-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findContracts } from '../../test/route-contracts.ts';
import { seedUser } from '../../test/seed-user.ts';
import { basicOf, insertTestApiClient } from '../modules/api-clients/api-clients.test-helpers.ts';

let testApp: TestApp;
let contracts: RouteContract[];
beforeAll(async () => {
  [testApp, contracts] = await Promise.all([buildTestApp(), findContracts().then((found) => [...found.values()])]);
}, 60_000);
afterAll(() => testApp?.close());

const urlOf = (contract: RouteContract) => `/v2${contract.path.replace(/:[A-Za-z0-9_]+/g, 'X1')}`;

/**
 * Issue 26: an integration calls only the routes whose contract lists `api-client`, and a read-only one only their
 * GETs. The guard runs before the input is read, so one call per contract with made-up ids proves it for all.
 */
describe('integrations on the routes of people (issue 26)', () => {
  async function refusedFor(accessLevel: 'full' | 'read', pick: (contract: RouteContract) => boolean) {
    const admin = await seedUser(testApp.database.db, { role: roles.administrator });
    const client = await insertTestApiClient(testApp.database.db, admin, accessLevel);
    const picked = contracts.filter(pick);
    const wrong: string[] = [];
    for (const contract of picked) {
      const reply = await testApp.app.inject({
        method: contract.method,
        url: urlOf(contract),
        headers: { authorization: basicOf(client.ClientId, client.Secret) },
        ...(contract.body ? { payload: { unexpected: true } } : {}),
      });
      const code = reply.statusCode === 403 ? reply.json().code : undefined;
      if (code !== 'API_CLIENT_NOT_ALLOWED') wrong.push(`${contract.method} ${contract.path} → ${reply.statusCode}`);
    }
    return { picked, wrong };
  }

  it("refuses a client's Basic credentials on every route that does not list integrations", async () => {
    const { picked, wrong } = await refusedFor(
      'full',
      (contract) => contract.callers.includes('session') && !allowsApiClients(contract),
    );
    expect(picked.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses a read-only client every route but the GETs of those that list integrations', async () => {
    const { picked, wrong } = await refusedFor(
      'read',
      (contract) => allowsApiClients(contract) && contract.method !== 'GET',
    );
    expect(picked.length).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  }, 60_000);

  it('lists integrations only beside people, and never on the routes that manage the account', () => {
    const open = contracts.filter(allowsApiClients);
    expect(open.filter((contract) => !contract.callers.includes('session'))).toEqual([]);
    const forbidden = /\/app\/(api|account|users|billing|invoices|settings)|\/oauth\//;
    expect(open.map((contract) => contract.path).filter((path) => forbidden.test(path))).toEqual([]);
  });
});
