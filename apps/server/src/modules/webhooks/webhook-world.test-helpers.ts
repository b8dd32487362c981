import type { TestApp } from '../../../test/build-test-app.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/developer.ts';
import { newId } from '../../lib/ids.ts';

/** A public address as a literal: the guard needs no DNS answer for it, and tests never deliver to it. */
export const testPublicWebhookUrl = 'https://93.184.215.14/hooks/signlink';

/** An active endpoint of the account, straight in the database. */
export async function insertTestEndpoint(testApp: TestApp, accountId: string): Promise<string> {
  const id = newId('whe');
  await testApp.database.db.insert(webhookEndpoints).values({
    id,
    accountId,
    url: testPublicWebhookUrl,
    events: ['completed'],
    secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
  });
  return id;
}

/** A failed test delivery of a new endpoint of the account. */
export async function insertTestDelivery(testApp: TestApp, accountId: string) {
  const endpointId = await insertTestEndpoint(testApp, accountId);
  const id = newId('msg');
  await testApp.database.db.insert(webhookDeliveries).values({
    id,
    endpointId,
    accountId,
    sourceId: `test:${id}`,
    eventType: 'webhook.test',
    payload: { type: 'webhook.test' },
    status: 'failed',
  });
  return { endpointId, deliveryId: id };
}
