import type { CreateWebhookRequest, UpdateWebhookRequest } from '@signlink/contracts/developer/webhook-endpoints';
import {
  createWebhookRoute,
  listWebhookDeliveriesRoute,
  listWebhooksRoute,
  redeliverWebhookRoute,
  revokeWebhookRoute,
  testWebhookRoute,
  updateWebhookRoute,
} from '@signlink/contracts/developer/webhooks.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';
import { useApiQuery } from './use-api-query.ts';

/**
 * The webhook calls (SPEC section 7; issue 26, part 3). Failures are the screen's to show (`silent`), at the dialog
 * or list that asked. Changes are not repeated blindly: a second create would make a second endpoint.
 */
export const webhooksPath = fillPath(listWebhooksRoute.path, {});
const once = { silent: true, extraTries: 0 } as const;

export function createWebhooksApi(client: ApiClient) {
  return {
    create: (body: CreateWebhookRequest) => client.api(createWebhookRoute, { body }, once),
    update: (id: string, body: UpdateWebhookRequest) => client.api(updateWebhookRoute, { params: { id }, body }, once),
    revoke: (id: string) => client.api(revokeWebhookRoute, { params: { id } }, once),
    sendTest: (id: string) => client.api(testWebhookRoute, { params: { id } }, once),
    redeliver: (id: string, deliveryId: string) =>
      client.api(redeliverWebhookRoute, { params: { id, deliveryId } }, once),
  };
}
export type WebhooksApi = ReturnType<typeof createWebhooksApi>;

export function useWebhooks() {
  return useApiQuery(listWebhooksRoute, {}, { silent: true }, { retry: false });
}

/** While a delivery waits for its attempt, the log asks again every few seconds, so its outcome shows up. */
export function useWebhookDeliveries(id: string) {
  return useApiQuery(
    listWebhookDeliveriesRoute,
    { params: { id } },
    { silent: true },
    {
      retry: false,
      refetchInterval: (query) =>
        query.state.data?.Deliveries.some((delivery) => delivery.Status === 'pending' && delivery.AttemptCount === 0)
          ? 3_000
          : false,
    },
  );
}
