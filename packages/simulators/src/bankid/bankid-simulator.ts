import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import { BankIdError } from './bankid-errors.ts';
import { type BankIdOrderKind, parseOrderRequest } from './bankid-requests.ts';
import { bankIdSimControlPlugin } from './bankid-sim-control.ts';
import { BankIdSimulatorControls, type BankIdSimulatorControlsOptions } from './bankid-simulator-controls.ts';
import { type BankIdTestPki, createBankIdTestPki } from './bankid-test-pki.ts';

/*
 * A Swedish BankID stand-in speaking the Relying Party API v6.0 (https://developers.bankid.com/api-references/
 * auth--sign/): /auth, /sign, /phone/auth, /phone/sign, /collect and /cancel, JSON in and out, BankID's error
 * codes and hint codes, over mutual TLS as BankID requires when started standalone. The user's side (the app) is
 * played through `BankIdSimulatorControls`, from tests or the tester page's `/sim-control` endpoints.
 */

export interface BankIdSimulatorOptions extends BankIdSimulatorControlsOptions {
  /** Share the orders with the control endpoints or a test; made from the other options when absent. */
  controls?: BankIdSimulatorControls;
}

const API_PREFIX = '/rp/v6.0';

function sendError(reply: FastifyReply, error: BankIdError) {
  return reply.code(error.status).send(error.toJSON());
}

/** Fastify's own failures (a body that is not JSON, another content type) in BankID's words. */
function toBankIdError(error: FastifyError): BankIdError {
  if (error instanceof BankIdError) return error;
  if (error.statusCode === 415) return new BankIdError('unsupportedMediaType', 'Content-Type must be application/json');
  if (error.statusCode === 413 || error.statusCode === 400) return new BankIdError('invalidParameters', error.message);
  return new BankIdError('internalError', 'Internal error');
}

function orderRefOf(body: unknown): string {
  const orderRef = (body as { orderRef?: unknown } | undefined)?.orderRef;
  if (typeof orderRef !== 'string' || orderRef.length === 0) {
    throw new BankIdError('invalidParameters', 'Invalid orderRef');
  }
  return orderRef;
}

/** Mountable under a prefix; the API base URL for a client is then `<origin><prefix>/rp/v6.0/`. */
export const bankIdSimulatorPlugin: FastifyPluginAsync<BankIdSimulatorOptions> = async (app, options) => {
  const controls = options.controls ?? new BankIdSimulatorControls(options);

  app.setErrorHandler((error: FastifyError, _req, reply) => {
    const bankIdError = toBankIdError(error);
    if (bankIdError.status >= 500) app.log.error({ err: error }, 'BankID simulator: request failed');
    return sendError(reply, bankIdError);
  });

  app.addHook('preHandler', async (_req, reply) => {
    const failure = controls.takeFailure();
    if (failure) {
      return reply.code(failure.status).send({ errorCode: failure.errorCode, details: failure.details ?? '' });
    }
  });

  const startOrder = (kind: BankIdOrderKind) => async (req: { body: unknown }) => {
    const order = controls.createOrder(parseOrderRequest(kind, req.body));
    if (!order.autoStartToken) return { orderRef: order.orderRef };
    return {
      orderRef: order.orderRef,
      autoStartToken: order.autoStartToken,
      qrStartToken: order.qrStartToken,
      qrStartSecret: order.qrStartSecret,
    };
  };

  app.post(`${API_PREFIX}/auth`, startOrder('auth'));
  app.post(`${API_PREFIX}/sign`, startOrder('sign'));
  app.post(`${API_PREFIX}/phone/auth`, startOrder('phone/auth'));
  app.post(`${API_PREFIX}/phone/sign`, startOrder('phone/sign'));

  app.post(`${API_PREFIX}/collect`, async (req) => {
    const order = controls.findOrder(orderRefOf(req.body));
    return {
      orderRef: order.orderRef,
      status: order.status,
      ...(order.hintCode ? { hintCode: order.hintCode } : {}),
      ...(order.completionData ? { completionData: order.completionData } : {}),
    };
  });

  app.post(`${API_PREFIX}/cancel`, async (req) => {
    controls.cancel(orderRefOf(req.body));
    return {};
  });
};

export interface RunningBankIdSimulator {
  /** The origin, e.g. `https://127.0.0.1:41234`; the API base URL is `${url}/rp/v6.0/`. */
  url: string;
  pki: BankIdTestPki;
  controls: BankIdSimulatorControls;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 and a free port with HTTPS, asking for a client certificate issued by the PKI's CA and
 * refusing the TLS handshake without one, as BankID does. The `/sim-control` endpoints share the server, so they
 * need the client certificate too.
 */
export async function startBankIdSimulator(
  options: BankIdSimulatorOptions & { pki?: BankIdTestPki } = {},
): Promise<RunningBankIdSimulator> {
  const pki = options.pki ?? createBankIdTestPki();
  const controls = options.controls ?? new BankIdSimulatorControls(options);
  const app = Fastify({
    logger: false,
    https: {
      key: pki.serverKey,
      cert: pki.serverCert,
      ca: [pki.ca],
      requestCert: true,
      rejectUnauthorized: true,
    },
  });
  await app.register(bankIdSimulatorPlugin, { controls });
  await app.register(bankIdSimControlPlugin, { controls, prefix: '/sim-control' });
  app.setNotFoundHandler((_req, reply) => sendError(reply, new BankIdError('notFound', 'No such endpoint')));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}`, pki, controls, close: () => app.close() };
}
