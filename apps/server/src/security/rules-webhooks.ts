import {
  insertTestDelivery,
  insertTestEndpoint,
  testPublicWebhookUrl,
} from '../modules/webhooks/webhook-world.test-helpers.ts';
import type { AccessRules } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

const publicUrl = testPublicWebhookUrl;

async function deliveryOfA(world: World) {
  const { endpointId, deliveryId } = await insertTestDelivery(world.testApp, world.a.admin.accountId);
  return { params: { id: endpointId, deliveryId } };
}

const endpointParams = async (world: World) => ({
  params: { id: await insertTestEndpoint(world.testApp, world.a.admin.accountId) },
});
const devOnly = 'the development webhook inbox, registered only when the simulators run (never in production)';

/** Webhooks (issue 26, part 3): a company's administrators only; another account's endpoint is not found. */
export const webhookRules: AccessRules = {
  'GET /linktinker/app/api/webhooks': {
    session: { allowed: ['admin'], resource: 'own account', sample: () => ({}) },
  },
  'POST /linktinker/app/api/webhooks': {
    session: {
      allowed: ['admin'],
      resource: 'own account',
      sample: () => ({ body: { Url: publicUrl, Events: ['completed', 'signed'] } }),
    },
  },
  'POST /linktinker/app/api/webhooks/:id/revoke': {
    session: { allowed: ['admin'], resource: 'webhook endpoint', fresh: true, sample: endpointParams },
  },
  'POST /linktinker/app/api/webhooks/:id/update': {
    session: {
      allowed: ['admin'],
      resource: 'webhook endpoint',
      sample: async (world) => ({ ...(await endpointParams(world)), body: { Events: ['opened'] } }),
    },
  },
  'GET /linktinker/app/api/webhooks/:id/deliveries': {
    session: { allowed: ['admin'], resource: 'webhook endpoint', sample: endpointParams },
  },
  'POST /linktinker/app/api/webhooks/:id/deliveries/:deliveryId/redeliver': {
    session: { allowed: ['admin'], resource: 'webhook endpoint', sample: deliveryOfA },
  },
  'POST /linktinker/app/api/webhooks/:id/test': {
    session: { allowed: ['admin'], resource: 'webhook endpoint', sample: endpointParams },
  },
  'POST /dev/webhooks/inbox/:name': { open: devOnly },
  'GET /dev/webhooks': { open: devOnly },
};
