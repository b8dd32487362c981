import { webhookDeliveries, webhookEndpoints } from '../db/schema/developer.ts';
import { newId } from '../lib/ids.ts';
import type { AccessRules } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** A public address as a literal: the guard needs no DNS answer for it, and nothing is delivered in the sweep. */
const publicUrl = 'https://93.184.215.14/hooks/signlink';

async function endpointOfA(world: World) {
  const id = newId('whe');
  await world.testApp.database.db.insert(webhookEndpoints).values({
    id,
    accountId: world.a.admin.accountId,
    url: publicUrl,
    events: ['completed'],
    secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
  });
  return id;
}

async function deliveryOfA(world: World) {
  const endpointId = await endpointOfA(world);
  const id = newId('msg');
  await world.testApp.database.db.insert(webhookDeliveries).values({
    id,
    endpointId,
    accountId: world.a.admin.accountId,
    sourceId: `test:${id}`,
    eventType: 'webhook.test',
    payload: { type: 'webhook.test' },
    status: 'failed',
  });
  return { params: { id: endpointId, deliveryId: id } };
}

const endpointParams = async (world: World) => ({ params: { id: await endpointOfA(world) } });
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
