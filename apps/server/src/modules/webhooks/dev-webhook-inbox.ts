import type { DevReceivedWebhook } from '@signlink/contracts/developer/dev-webhooks.routes';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { findDelivery, findEndpoint } from './webhooks.repository.ts';

/** What the development inbox keeps: the newest 200 deliveries, in memory (it is a development aid only). */
const kept = 200;

export interface DevWebhookInbox {
  receive(input: { inbox: string; headers: Record<string, string>; body: string }): Promise<DevReceivedWebhook>;
  list(): DevReceivedWebhook[];
}

/**
 * The dev inbox checks a delivery as a receiver would, with the `standardwebhooks` verifier, using the secret of the
 * endpoint whose delivery the `webhook-id` names: this server made it, so it knows the secret.
 */
export function createDevWebhookInbox(db: Database): DevWebhookInbox {
  const received: DevReceivedWebhook[] = [];

  async function signatureValid(headers: Record<string, string>, body: string): Promise<boolean | null> {
    const webhookId = headers['webhook-id'];
    if (!webhookId) return null;
    const delivery = await findDelivery(db, webhookId);
    const endpoint = delivery && (await findEndpoint(db, delivery.endpointId));
    if (!endpoint) return null;
    try {
      new Webhook(endpoint.secret).verify(body, headers);
      return true;
    } catch {
      return false;
    }
  }

  return {
    async receive({ inbox, headers, body }) {
      let type: string | null = null;
      try {
        const parsed = JSON.parse(body) as { type?: unknown };
        type = typeof parsed.type === 'string' ? parsed.type : null;
      } catch {
        type = null;
      }
      const entry: DevReceivedWebhook = {
        Id: newId('dwh'),
        Inbox: inbox,
        WebhookId: headers['webhook-id'] ?? null,
        Type: type,
        ReceivedAt: new Date().toISOString(),
        SignatureValid: await signatureValid(headers, body),
        Headers: headers,
        Body: body,
      };
      received.unshift(entry);
      received.length = Math.min(received.length, kept);
      return entry;
    },
    list: () => [...received],
  };
}
