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
    // Built once: @fastify/helmet builds helmet's middlewares again on every request, parsing the CSP each time (a few
    // per cent of a recipient's hot call). Every header here is static, so one instance serves all requests.
    const applyHeaders = helmet({
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
    });
    app.addHook('onRequest', (request, reply, done) =>
      applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
    );
  },
  { name: 'security-headers' },
);
