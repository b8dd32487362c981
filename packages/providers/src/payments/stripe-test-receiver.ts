import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/** What a webhook endpoint received: the raw bytes and the signature header, as our webhook route will see them. */
export interface ReceivedWebhook {
  rawBody: Buffer;
  signatureHeader: string | undefined;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status the next requests are answered with (default 200). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

/** A tiny endpoint on loopback for the simulator's webhooks; keeps the body unparsed, as signature checks need. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/webhook', async (req, reply) => {
    const header = req.headers['stripe-signature'];
    received.push({ rawBody: req.body as Buffer, signatureHeader: typeof header === 'string' ? header : undefined });
    return reply.code(status).send({ received: true });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    answerWith(next) {
      status = next;
    },
    close: () => app.close(),
  };
}
