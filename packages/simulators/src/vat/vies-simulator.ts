import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkVatAnswer, viesErrorBody } from './vies-json.ts';
import { type ViesSimRequest, ViesSimulatorControls } from './vies-simulator-controls.ts';
import { HANGING_VAT_NUMBER, UNAVAILABLE_VAT_NUMBER } from './vies-test-vat-numbers.ts';

/*
 * A VIES stand-in speaking the part of the European Commission's VIES REST API that Signlink's adapter uses:
 * `POST <base>/check-vat-number` with `{ countryCode, vatNumber, requesterMemberStateCode?, requesterNumber? }`,
 * served under VIES's own base path, so `url` replaces https://ec.europa.eu/taxation_customs/vies/rest-api as is.
 * Registered numbers (`controls.registrations`, the test VAT numbers unless a test changes them) are valid, with the
 * name and address their member state shares or `---`; any other number is not valid.
 *
 * VIES's errors are JSON `{ actionSucceed: false, errorWrappers: [{ error, message }] }` with HTTP 200: INVALID_INPUT
 * for a prefix VIES does not serve or an empty number, INVALID_REQUESTER_INFO for a malformed requester.
 *
 * Magic numbers: UNAVAILABLE_VAT_NUMBER answers MS_UNAVAILABLE; HANGING_VAT_NUMBER is never answered, so the client's
 * timeout decides.
 */

const API_PATH = '/taxation_customs/vies/rest-api';
const CHECK_PATH = `${API_PATH}/check-vat-number`;
// VIES's prefixes: the member states, Greece as EL, and Northern Ireland as XI. Written out again here, since
// simulators do not import the code they stand in front of.
const VIES_COUNTRY_CODES = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);
const NATIONAL_NUMBER = /^[0-9A-Z+*]{2,12}$/;
// A check is a few short fields; anything bigger is not one.
const MAX_BODY_BYTES = 16 * 1024;

export interface RunningViesSimulator {
  /** The REST API's base URL for a VIES client, e.g. `http://127.0.0.1:41234/taxation_customs/vies/rest-api`. */
  url: string;
  controls: ViesSimulatorControls;
  /** Stops listening, and drops the hanging requests with the rest. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 and a free port. */
export async function startViesSimulator(
  options: { controls?: ViesSimulatorControls } = {},
): Promise<RunningViesSimulator> {
  const controls = options.controls ?? new ViesSimulatorControls();
  const server = http.createServer((req, res) => {
    handleRequest(req, res, controls).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, viesErrorBody('VOW-ERR-1', error.message));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${API_PATH}`,
    controls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging requests never end by themselves; close waits for every connection.
        server.closeAllConnections();
      }),
  };
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, controls: ViesSimulatorControls) {
  const path = (req.url ?? '').split('?')[0];
  if (path !== CHECK_PATH) return sendJson(res, 404, viesErrorBody('NOT_FOUND', 'No such endpoint'));
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return sendJson(res, 405, viesErrorBody('METHOD_NOT_ALLOWED', 'check-vat-number takes POST'));
  }
  const text = await readBody(req);
  if (text === undefined) return sendJson(res, 413, viesErrorBody('INVALID_INPUT', 'The request is too large'));
  const body = parseObject(text);
  const request = fieldsOf(body);
  controls.logRequest(request);

  const queued = controls.takeAnswer();
  if (queued) {
    res.writeHead(queued.status, { 'content-type': 'application/json' });
    return res.end(queued.body);
  }
  if (!body) return sendJson(res, 400, viesErrorBody('INVALID_INPUT', 'The request is not a JSON object'));

  const countryCode = request.countryCode ?? '';
  const vatNumber = request.vatNumber ?? '';
  if (!VIES_COUNTRY_CODES.has(countryCode) || !vatNumber) {
    return sendJson(res, 200, viesErrorBody('INVALID_INPUT'));
  }
  const hasRequester = request.requesterMemberStateCode !== undefined || request.requesterNumber !== undefined;
  if (
    hasRequester &&
    !(
      VIES_COUNTRY_CODES.has(request.requesterMemberStateCode ?? '') &&
      NATIONAL_NUMBER.test(request.requesterNumber ?? '')
    )
  ) {
    return sendJson(res, 200, viesErrorBody('INVALID_REQUESTER_INFO'));
  }

  const compact = `${countryCode}${vatNumber}`;
  if (compact === UNAVAILABLE_VAT_NUMBER) return sendJson(res, 200, viesErrorBody('MS_UNAVAILABLE'));
  // No answer: the socket stays open until the client gives up, or close() ends every connection.
  if (compact === HANGING_VAT_NUMBER) return;
  const registration = controls.registrations.get(compact);
  return sendJson(res, 200, checkVatAnswer({ countryCode, vatNumber, registration, hasRequester }));
}

/** The body as text, or undefined when it is bigger than a check can be. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function fieldsOf(body: Record<string, unknown> | undefined): ViesSimRequest {
  const request: ViesSimRequest = {};
  for (const key of ['countryCode', 'vatNumber', 'requesterMemberStateCode', 'requesterNumber'] as const) {
    const value = body?.[key];
    if (typeof value === 'string') request[key] = value;
  }
  return request;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
