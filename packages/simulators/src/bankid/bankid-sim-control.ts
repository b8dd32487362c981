import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { BankIdError } from './bankid-errors.ts';
import type { BankIdFailedHint, BankIdPendingHint, BankIdSimulatedFailure } from './bankid-order.ts';
import type { BankIdSimulatorControls } from './bankid-simulator-controls.ts';

/*
 * JSON endpoints for the tester page (`/sim/bankid`): list orders and test persons, and act as the user's BankID
 * app would. Mount under a prefix such as `/sim-control`; every action answers with the order as it now is.
 */

export interface BankIdSimControlOptions {
  controls: BankIdSimulatorControls;
}

type OrderRequest = FastifyRequest<{ Params: { orderRef: string }; Body: Record<string, unknown> | undefined }>;

function stringField(body: Record<string, unknown> | undefined, field: string): string {
  const value = body?.[field];
  if (typeof value !== 'string') throw new BankIdError('invalidParameters', `Missing ${field}`);
  return value;
}

export const bankIdSimControlPlugin: FastifyPluginAsync<BankIdSimControlOptions> = async (app, { controls }) => {
  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
    if (error instanceof BankIdError) return reply.code(error.status).send(error.toJSON());
    return reply.code(error.statusCode ?? 500).send({ errorCode: 'invalidParameters', details: error.message });
  });

  app.get('/persons', async () => ({ persons: controls.testPersons }));
  app.get('/orders', async () => ({ orders: controls.listOrders() }));
  app.get('/orders/:orderRef', async (req: OrderRequest) => controls.findOrder(req.params.orderRef));

  app.post('/orders/:orderRef/start', async (req: OrderRequest) => controls.startApp(req.params.orderRef));
  app.post('/orders/:orderRef/prompt', async (req: OrderRequest) => controls.promptUser(req.params.orderRef));
  app.post('/orders/:orderRef/hint', async (req: OrderRequest) =>
    controls.setHint(req.params.orderRef, stringField(req.body, 'hintCode') as BankIdPendingHint),
  );
  app.post('/orders/:orderRef/approve', async (req: OrderRequest) =>
    controls.approve(req.params.orderRef, stringField(req.body, 'personalNumber')),
  );
  app.post('/orders/:orderRef/cancel', async (req: OrderRequest) => controls.cancelByUser(req.params.orderRef));
  app.post('/orders/:orderRef/expire', async (req: OrderRequest) => controls.expire(req.params.orderRef));
  app.post('/orders/:orderRef/fail', async (req: OrderRequest) =>
    controls.failOrder(req.params.orderRef, stringField(req.body, 'hintCode') as BankIdFailedHint),
  );

  app.post('/qr', async (req: OrderRequest) => ({ isAccepted: controls.scanQr(stringField(req.body, 'qrData')) }));

  app.post(
    '/fail-next',
    async (req: FastifyRequest<{ Body: (BankIdSimulatedFailure & { times?: number }) | undefined }>) => {
      const { status, errorCode, details, times } = req.body ?? {};
      if (typeof status !== 'number' || typeof errorCode !== 'string') {
        throw new BankIdError('invalidParameters', 'status (number) and errorCode (string) are required');
      }
      controls.failNext({ status, errorCode, ...(details ? { details } : {}), ...(times ? { times } : {}) });
      return {};
    },
  );

  app.post('/reset', async () => {
    controls.reset();
    return {};
  });
};
