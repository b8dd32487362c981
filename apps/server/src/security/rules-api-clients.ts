import { insertTestApiClient } from '../modules/api-clients/api-clients.test-helpers.ts';
import type { AccessRules } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/**
 * SPEC section 7 "API clients" (issue 26): a company's administrators alone manage its keys; B's administrator finds
 * none of A's. An integration's own credentials on these routes are swept in api-client-callers.test.ts.
 */
async function clientOfA(world: World) {
  const client = await insertTestApiClient(world.testApp.database.db, world.a.admin);
  return { params: { id: client.ClientId } };
}

export const apiClientRules: AccessRules = {
  'GET /linktinker/app/api/clients': {
    session: { allowed: ['admin'], resource: 'own account', sample: () => ({}) },
  },
  'POST /linktinker/app/api/clients': {
    session: {
      allowed: ['admin'],
      resource: 'own account',
      sample: () => ({ body: { Name: 'ERP', AccessLevel: 'full' } }),
    },
  },
  'POST /linktinker/app/api/clients/:id/revoke': {
    session: { allowed: ['admin'], resource: 'api client', fresh: true, sample: clientOfA },
  },
  'POST /linktinker/app/api/clients/:id/update': {
    session: {
      allowed: ['admin'],
      resource: 'api client',
      sample: async (world) => ({ ...(await clientOfA(world)), body: { Name: 'Renamed', AccessLevel: 'read' } }),
    },
  },
};
