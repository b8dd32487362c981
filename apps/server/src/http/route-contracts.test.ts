import { isSessionOnly, type RouteContract } from '@signlink/contracts/http/route-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findContracts } from '../../test/route-contracts.ts';
import { rateLimitsOf } from '../plugins/rate-limits.ts';

let testApp: TestApp;
let contracts: Map<string, RouteContract>;
beforeAll(async () => {
  [testApp, contracts] = await Promise.all([buildTestApp(), findContracts()]);
});
afterAll(() => testApp?.close());

/** Routes of ours that are not the API: its documentation pages. */
const isApiRoute = (url: string) => url.startsWith('/v2/') && !url.startsWith('/v2/docs');

describe('route contracts', () => {
  it('every API route was registered from a contract', () => {
    const withoutContract = testApp.app.routeTable
      .filter((entry) => entry.method !== 'HEAD' && isApiRoute(entry.url) && !entry.contract)
      .map((entry) => `${entry.method} ${entry.url}`);
    expect(withoutContract).toEqual([]);
  });

  it('every contract has its route', () => {
    const registered = new Set(
      testApp.app.routeTable.filter((entry) => entry.contract).map((entry) => `${entry.method} ${entry.url}`),
    );
    expect([...contracts.keys()].filter((key) => !registered.has(key))).toEqual([]);
    expect(contracts.size).toBeGreaterThan(0);
  });

  it('two contracts never claim one method and path', async () => {
    const keys = testApp.app.routeTable.filter((entry) => entry.contract).map((e) => `${e.method} ${e.url}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('a route with a rate limit lists RATE_LIMITED, so its clients and the API document expect a 429', () => {
    const registered = testApp.app.routeTable.flatMap((entry) =>
      entry.contract && entry.method !== 'HEAD' ? [entry.contract] : [],
    );
    const limited = registered.filter((contract) => rateLimitsOf(contract).length > 0);
    // Every kind: link codes, other codes in the path, log-ins, anonymous sends.
    expect(limited.length).toBeGreaterThan(20);
    const unlisted = limited.filter((contract) => !contract.errors.includes('RATE_LIMITED'));
    expect(unlisted.map((contract) => `${contract.method} ${contract.path}`)).toEqual([]);
  });

  it('a route only signed-in users may call refuses a caller without a session before reading the input', async () => {
    const sessionOnly = [...contracts.values()].filter(isSessionOnly);
    for (const contract of sessionOnly) {
      const url = `/v2${contract.path.replace(/:[A-Za-z0-9_]+/g, 'X1')}`;
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const response = await testApp.app.inject({
          method: contract.method,
          url,
          headers: authorization ? { authorization } : {},
          ...(contract.body ? { payload: { unexpected: true } } : {}),
        });
        expect(response.statusCode, `${contract.method} ${contract.path}`).toBe(401);
        expect(['UNAUTHENTICATED', 'SESSION_EXPIRED']).toContain(response.json().code);
      }
    }
  });
});
