import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.ts';
import { deliverMessage } from './deliver-message.ts';

/**
 * Hands one queued message to its provider. Transient failures (an SMTP server that is down or says
 * 4xx, Twilio 5xx or 429) are retried with backoff: 10 s, 20 s, 40 s… (each up to twice that with jitter), 21 to 42 minutes over 7 retries;
 * a permanent one, or the last retry, marks the message failed with the provider's reason.
 */
export const deliverMessageJob = defineJob({
  id: 'messaging.deliver',
  schema: z.object({ messageId: z.string().min(1) }),
  retry: { limit: 7, delaySeconds: 10, backoff: true },
  // Just over the providers' own bounds (SMTP: 10 s to connect, 60 s of socket silence; Twilio: 10 s), which end a
  // stuck attempt first; past it the run is failed and retried, so a wedged attempt holds a message at most this long.
  expireInSeconds: 90,
  handler: async ({ data, attempt, isLastAttempt, context }) => {
    await deliverMessage({
      messageId: data.messageId,
      attempt,
      isLastAttempt,
      database: context.database,
      queue: context.services.queue,
      logger: context.logger,
      messaging: context.services.messaging,
      storage: context.services.storage,
    });
  },
});
