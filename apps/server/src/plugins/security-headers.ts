import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * A strict CSP: scripts only from our origin (the web app has no inline script), styles inline only
 * because MUI's emotion injects <style> tags at run time, frames for the privacy page (SPEC section 2).
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'https:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { isProduction: boolean }) => {
    const headers = staticHeadersOf(
      helmet({
        contentSecurityPolicy: {
          directives: {
            ...contentSecurityPolicy,
            // Behind TLS in production, upgrade stray http: references; locally it would break http://localhost.
            upgradeInsecureRequests: options.isProduction ? [] : null,
          },
        },
        // The app is served over plain http on localhost; HSTS belongs to production only.
        strictTransportSecurity: options.isProduction,
        crossOriginEmbedderPolicy: false,
      }),
    );
    // On the raw response, as helmet sets them, so a route's own reply.header (a stricter CSP) still wins.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);

/**
 * The headers helmet sets, read once: every one of ours is static, yet helmet rebuilds the CSP string and walks its
 * thirteen middlewares on every request (more than a tenth of a recipient's access call). Helmet only sets headers
 * (and removes X-Powered-By, which Fastify never sends), so replaying what it set gives the same response.
 */
function staticHeadersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  let finished = false;
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {},
  };
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished || headers.length === 0) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
