import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { TsaSimulatorControls } from './tsa-simulator-controls.ts';
import {
  createTsaSigner,
  grantedResponse,
  readTimeStampReq,
  rejectionResponse,
  TSA_SIMULATOR_POLICY,
  type TsaKeys,
} from './tsa-token.ts';

/*
 * An RFC 3161 time-stamping authority over HTTP (RFC 3161 section 3.4): POST a DER TimeStampReq as
 * application/timestamp-query, get a DER TimeStampResp as application/timestamp-reply. A request the TSA cannot
 * grant still gets HTTP 200 with a rejection status inside, as the RFC has it; HTTP errors are only what
 * `controls` asks for (a TSA that is down).
 */

export interface TsaSimulatorOptions extends TsaKeys {
  /** The policy OID in every token; a request naming another policy is refused. */
  policy?: string;
  /** When set, requests need these HTTP Basic credentials (401 otherwise), as commercial TSAs ask. */
  basicAuth?: { username: string; password: string };
  controls?: TsaSimulatorControls;
}

const QUERY = 'application/timestamp-query';
const REPLY = 'application/timestamp-reply';
// A TimeStampReq is a digest and a few small fields; 64 KiB is far more than any client sends.
const BODY_LIMIT = 64 * 1024;

function basicAuthorization({ username, password }: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** Mountable under a prefix; the TSA URL is then `<origin><prefix>`. */
export const tsaSimulatorPlugin: FastifyPluginAsync<TsaSimulatorOptions> = async (app, options) => {
  const policy = options.policy ?? TSA_SIMULATOR_POLICY;
  const signer = await createTsaSigner(options, policy);
  const controls = options.controls ?? new TsaSimulatorControls();

  // Encapsulated in this plugin: any body reaches the handler as bytes, so a wrong one is refused in RFC 3161's
  // terms rather than by the host application's parsers.
  for (const type of [QUERY, '*']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
  }

  app.post('/', async (req, reply) => {
    controls.requestsReceived++;
    const delay = controls.takeDelay();
    if (delay) await sleep(delay);
    const status = controls.takeFailure() ?? (controls.isDown ? 503 : undefined);
    if (status) return reply.code(status).send();
    if (options.basicAuth && req.headers.authorization !== basicAuthorization(options.basicAuth)) {
      return reply.code(401).header('www-authenticate', 'Basic realm="tsa"').send();
    }

    const read = readTimeStampReq(Buffer.isBuffer(req.body) ? req.body : undefined, policy);
    let answer: ArrayBuffer;
    if ('failure' in read) {
      answer = rejectionResponse(read.failure, read.text);
    } else {
      try {
        answer = await grantedResponse(signer, read.request, controls.nextSerial());
        controls.tokensIssued++;
      } catch (error) {
        req.log.error(error, 'TSA simulator could not sign');
        answer = rejectionResponse('systemFailure', 'The token could not be signed');
      }
    }
    controls.requestsServed++;
    return reply.type(REPLY).send(Buffer.from(answer));
  });
};

export interface RunningTsaSimulator {
  /** The TSA URL for an RFC 3161 client, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  controls: TsaSimulatorControls;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 and a free port. */
export async function startTsaSimulator(options: TsaSimulatorOptions): Promise<RunningTsaSimulator> {
  const controls = options.controls ?? new TsaSimulatorControls();
  const app = Fastify({ logger: false });
  await app.register(tsaSimulatorPlugin, { ...options, controls });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, controls, close: () => app.close() };
}
