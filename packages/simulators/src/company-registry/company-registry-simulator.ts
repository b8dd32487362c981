import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  beneficialOwnersAnswer,
  boardMembersAnswer,
  overviewAnswer,
  roaringErrorBody,
  signingCombinationsAnswer,
} from './company-registry-roaring-json.ts';
import { CompanyRegistrySimulatorControls } from './company-registry-simulator-controls.ts';
import { type SimCompany, UNAVAILABLE_ORG_NUMBER } from './company-registry-test-companies.ts';

/*
 * A company registry stand-in speaking the part of Roaring.io's Swedish company APIs that Signlink's Roaring adapter
 * uses: the OAuth 2.0 token service (client credentials as HTTP Basic, `grant_type=client_credentials`), then
 * Company Overview 2.0, Board Members 2.0, Signing Combinations 2.0 and Beneficial Owner 2.1 with a bearer token,
 * for the companies in `controls.companies` (the test companies unless a test changes them).
 *
 * Magic number: every API call about UNAVAILABLE_ORG_NUMBER answers 503, as when the registry is down.
 */

export interface CompanyRegistrySimulatorOptions {
  clientId: string;
  clientSecret: string;
  controls?: CompanyRegistrySimulatorControls;
}

type CompanyRequest = FastifyRequest<{ Params: { companyId: string } }>;

const FORM = 'application/x-www-form-urlencoded';

function clientOf(header: string | undefined): string | undefined {
  const [scheme, encoded] = header?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return undefined;
  return Buffer.from(encoded, 'base64').toString('utf8');
}

function bearerOf(header: string | undefined): string {
  const [scheme, token] = header?.split(' ') ?? [];
  return scheme?.toLowerCase() === 'bearer' && token ? token : '';
}

/** Mountable under a prefix; the API URL for a Roaring client is then `<origin><prefix>`. */
export const companyRegistrySimulatorPlugin: FastifyPluginAsync<CompanyRegistrySimulatorOptions> = async (
  app,
  options,
) => {
  const controls = options.controls ?? new CompanyRegistrySimulatorControls();

  // Encapsulated in this plugin: the host application's own form handling, if any, is left alone.
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    controls.logRequest(`${req.method} ${path}`);
    const delay = controls.takeDelay();
    if (delay) await sleep(delay);
    const status = controls.takeFailure(path);
    if (status) return reply.code(status).send(roaringErrorBody(STATUS_CODES[status] ?? 'Error', 'Simulated failure'));
  });

  // OAuth 2.0 (RFC 6749 section 5.2) error bodies, as Roaring's token service answers them.
  app.post('/token', async (req, reply) => {
    if (clientOf(req.headers.authorization) !== `${options.clientId}:${options.clientSecret}`) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed.' });
    }
    const grantType = (req.body as Record<string, string> | undefined)?.grant_type;
    if (grantType !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' });
    }
    const token = controls.issueToken();
    return {
      access_token: token.value,
      scope: 'am_application_scope default',
      token_type: 'Bearer',
      expires_in: token.expiresIn,
    };
  });

  const companyEndpoint =
    (render: (company: SimCompany) => unknown) => async (req: CompanyRequest, reply: FastifyReply) => {
      if (!controls.isTokenValid(bearerOf(req.headers.authorization))) {
        return reply.code(401).send(roaringErrorBody('Unauthorized', 'Invalid Credentials'));
      }
      // Roaring takes the company id with or without the hyphen.
      const companyId = req.params.companyId.replace('-', '');
      if (!/^\d{10}$/.test(companyId)) {
        return reply.code(400).send({
          ...roaringErrorBody('BadRequest', 'Invalid company id'),
          attributes: [{ attribute: 'companyId', value: req.params.companyId }],
        });
      }
      if (companyId === UNAVAILABLE_ORG_NUMBER) {
        return reply.code(503).send(roaringErrorBody('ServiceUnavailable', 'The register cannot be reached'));
      }
      const company = controls.companies.get(companyId);
      // Roaring documents 404 without a body: "Requested resource could not be found".
      if (!company) return reply.code(404).send();
      return render(company);
    };

  app.get('/se/company/overview/2.0/:companyId', companyEndpoint(overviewAnswer));
  app.get('/se/company/board-members/2.0/:companyId', companyEndpoint(boardMembersAnswer));
  app.get('/se/company/signing-combinations/2.0/:companyId', companyEndpoint(signingCombinationsAnswer));
  app.get('/se/beneficialowner/2.1/company/:companyId', companyEndpoint(beneficialOwnersAnswer));
};

export interface RunningCompanyRegistrySimulator {
  /** The API URL for a Roaring client, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The client id and secret the token endpoint accepts. */
  credentials: { clientId: string; clientSecret: string };
  controls: CompanyRegistrySimulatorControls;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 and a free port; without credentials it makes up a client secret nobody else knows. */
export async function startCompanyRegistrySimulator(
  options: Partial<CompanyRegistrySimulatorOptions> = {},
): Promise<RunningCompanyRegistrySimulator> {
  const credentials = {
    clientId: options.clientId ?? 'signlink-company-registry-simulator',
    clientSecret: options.clientSecret ?? randomBytes(24).toString('hex'),
  };
  const controls = options.controls ?? new CompanyRegistrySimulatorControls();
  const app = Fastify({ logger: false });
  await app.register(companyRegistrySimulatorPlugin, { ...credentials, controls });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(roaringErrorBody('NotFound', 'No such endpoint')));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, credentials, controls, close: () => app.close() };
}
