import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * What request logs may say about a request. Fastify logs each request's url with its query, and recipients' calls
 * carry their RequestToken there (a live credential for an hour), the form PDF its token, the dev mailbox a phone
 * number or e-mail address. Logs are kept, copied and read far more widely than the requests themselves, so these
 * values never reach them: the query keeps each parameter's name, and the value of any parameter below becomes
 * "[redacted]". Headers are not logged at all (Fastify's default too), so Authorization and Cookie never are.
 */
const sensitiveNames = new Set([
  'requesttoken',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'password',
  'pin',
  'secret',
  'signature',
  'sig',
  'key',
  'apikey',
  'api_key',
  'email',
  'phone',
  'phonenumber',
  'recipient',
  'ssn',
  'personalnumber',
  'personnummer',
  'search',
  'q',
  // A file's name or title on an upload is often a person's ("Lönespecifikation Åsa Öberg.pdf").
  'name',
  'title',
]);
/** Names that say what they carry, whatever their exact spelling (`resetToken`, `x_api_key`, `userPassword`). */
const sensitivePattern = /token|secret|passw|apikey|api_key|personal|ssn/i;
/** A parameter name we can show as it is; anything else (a token sent without a name, say) is hidden whole. */
const plainName = /^[\w.[\]-]{1,64}$/;

export const redacted = '[redacted]';

function isSensitive(name: string): boolean {
  return sensitiveNames.has(name.toLowerCase()) || sensitivePattern.test(name);
}

function nameOf(part: string): string | undefined {
  const raw = part.split('=', 1)[0] ?? '';
  try {
    // Decoded first, so `Request%54oken` is still a RequestToken.
    const name = decodeURIComponent(raw.replaceAll('+', ' '));
    return plainName.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Path segments that are credentials, whatever route they reach (a mistyped one included): a link's code opens its
 * document (and is the whole path of the page a recipient opens), a PIN reset id resets a PIN, an invitation id
 * accepts an invitation. The rest of the path stays, so a log still says which call it was.
 */
const credentialSegments = [
  /^(\/v2\/linktinker\/links\/)[^/]+/,
  /^(\/v2\/linktinker\/account\/pin\/reset\/)[^/]+/,
  /^(\/v2\/linktinker\/app\/account\/invitations\/)[^/]+/,
  /^(\/)[A-Za-z0-9]{16,64}$/,
];
/** Route parameters that are credentials wherever they appear: a BankID order's key polls and cancels it. */
const credentialParams = new Set([':clientAccessKey']);

/** The path with its credential segments replaced; `route` is the matched route's pattern, when one matched. */
function redactedPath(path: string, route: string | undefined): string {
  let safe = path;
  for (const pattern of credentialSegments) safe = safe.replace(pattern, `$1${redacted}`);
  if (!route?.includes(':')) return safe;
  const routeSegments = route.split('/');
  return safe
    .split('/')
    .map((segment, index) => (credentialParams.has(routeSegments[index] ?? '') ? redacted : segment))
    .join('/');
}

/**
 * The url with credential path segments and the values of sensitive query parameters replaced; the rest of the
 * path and the other parameters as they came.
 */
export function redactedUrl(url: string, route?: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return redactedPath(url, route);
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      if (part === '') return part;
      const name = nameOf(part);
      if (name === undefined) return redacted;
      return isSensitive(name) ? `${name}=${redacted}` : part;
    })
    .join('&');
  return `${redactedPath(url.slice(0, queryAt), route)}?${query}`;
}

/** Fastify's own `req` serializer with the url redacted and nothing added (notably no headers). */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url, request.routeOptions?.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** A logger whose `req` serializer is ours whatever the caller's logger had: Fastify lets the instance's win. */
export function withRequestLogSerializers(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, { serializers: requestLogSerializers });
}

/**
 * Paths pino censors wherever a log call puts them: our serializers never write headers, but a future
 * `log.info({ headers })` should not leak a session either.
 */
const censoredPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
];

/** The process's logger (main.ts); a test passes a destination stream to read what it writes. */
export function createLogger(options: { level: string; pretty: boolean }, destination?: DestinationStream) {
  return pino(
    {
      level: options.level,
      serializers: requestLogSerializers,
      redact: { paths: censoredPaths, censor: redacted },
      ...(options.pretty && !destination
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    },
    destination,
  );
}
