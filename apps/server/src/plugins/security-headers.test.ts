import Fastify from 'fastify';
import helmet from 'helmet';
import inject from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeadersPlugin } from './security-headers.ts';

async function appWith(isProduction: boolean) {
  const app = Fastify({ logger: false });
  await app.register(securityHeadersPlugin, { isProduction });
  app.get('/plain', async () => ({ ok: true }));
  // A route with its own policy (the developer mailbox's e-mail preview) keeps it.
  app.get('/own-policy', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  return app;
}

describe('security headers', () => {
  it('sends the strict CSP and helmet’s headers with every answer, the same for every request', async () => {
    const app = await appWith(false);
    const first = await app.inject({ url: '/plain' });
    const second = await app.inject({ url: '/plain', headers: { 'user-agent': 'other' } });
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(first.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(first.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(first.headers['strict-transport-security']).toBeUndefined();
    const securityHeaders = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'content-length'].includes(name)));
    expect(securityHeaders(second.headers)).toEqual(securityHeaders(first.headers));
    await app.close();
  });

  it('sends exactly the headers helmet itself sets on a plain Node response, in development and production', async () => {
    for (const isProduction of [false, true]) {
      const middleware = helmet({
        contentSecurityPolicy: {
          directives: { ...contentSecurityPolicy, upgradeInsecureRequests: isProduction ? [] : null },
        },
        strictTransportSecurity: isProduction,
        crossOriginEmbedderPolicy: false,
      });
      const byHelmet = await inject((request, response) => middleware(request, response, () => response.end('x')), {
        url: '/',
      });
      const app = await appWith(isProduction);
      const ours = await app.inject({ url: '/plain' });
      const helmetNames = Object.keys(byHelmet.headers).filter(
        (name) => !['date', 'connection', 'transfer-encoding'].includes(name),
      );
      expect(helmetNames.length).toBeGreaterThan(8);
      for (const name of helmetNames) expect([name, ours.headers[name]]).toEqual([name, byHelmet.headers[name]]);
      await app.close();
    }
  });

  it('adds HSTS and upgrade-insecure-requests in production only', async () => {
    const app = await appWith(true);
    const response = await app.inject({ url: '/plain' });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await app.close();
  });

  it('lets a route set its own policy', async () => {
    const app = await appWith(false);
    const response = await app.inject({ url: '/own-policy' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });
});
