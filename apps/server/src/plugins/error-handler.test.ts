import { errorCatalogue } from '@signlink/contracts/errors/error-codes';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { AppError } from '../errors.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { JSON_BODY_LIMIT_KB: '1' } });
});
afterAll(async () => {
  await testApp?.close();
});

/** Routes that exist only in this file, to drive the shared error handling with every kind of failure. */
async function withProbeRoutes() {
  const { buildApp } = await import('../app.ts');
  const app = await buildApp({ context: testApp.context, webRoot: null });
  const probe = app.withTypeProvider<ZodTypeProvider>();
  probe.post(
    '/v2/probe',
    { schema: { body: z.object({ name: z.string().min(2), count: z.number().int() }) } },
    async (request) => ({ echoed: request.body.name }),
  );
  probe.get('/v2/probe/app-error', async () => {
    throw new AppError('REMINDER_LIMIT_REACHED', { details: { partyId: 'p1' } });
  });
  probe.get('/v2/probe/crash', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
  });
  probe.get(
    '/v2/probe/bad-response',
    { schema: { response: { 200: z.object({ id: z.string() }) } } },
    async () => ({ id: 42 }) as unknown as { id: string },
  );
  await app.ready();
  return app;
}

describe('error responses', () => {
  it('answers an unknown /v2 route with ROUTE_NOT_FOUND, not the missing-resource code', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v2/no-such-thing' });
    expect(response.statusCode).toBe(404);
    const body = ZErrorResponse.parse(response.json());
    expect(body.code).toBe('ROUTE_NOT_FOUND');
    expect(body.code).not.toBe('NOT_FOUND');
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('localises the message by Accept-Language and by ?lang=', async () => {
    const sv = await testApp.app.inject({ url: '/v2/nope', headers: { 'accept-language': 'sv-SE,sv;q=0.9' } });
    const es = await testApp.app.inject({ url: '/v2/nope?lang=es' });
    const en = await testApp.app.inject({ url: '/v2/nope' });
    expect(sv.json().message).toBe('Det finns ingen sådan API-adress.');
    expect(es.json().message).toBe('No existe ese punto de acceso de la API.');
    expect(en.json().message).toBe('There is no such API endpoint.');
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    const kept = await testApp.app.inject({ url: '/v2/nope', headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(kept.json().requestId).toBe('lb-1234abcd');
    const replaced = await testApp.app.inject({ url: '/v2/nope', headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe('bad input', () => {
    let app: Awaited<ReturnType<typeof withProbeRoutes>>;
    beforeAll(async () => {
      app = await withProbeRoutes();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('refuses invalid JSON with INVALID_JSON and no stack trace', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/v2/probe',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "ab",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_JSON');
      expect(response.body).not.toMatch(/at .*\.js|SyntaxError/);
    });

    it('refuses wrong types with VALIDATION_FAILED listing each field', async () => {
      const response = await app.inject({ method: 'POST', url: '/v2/probe', payload: { name: 'a', count: 'many' } });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      const paths = body.details.issues.map((issue: { path: string }) => issue.path);
      expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.count']));
    });

    it('accepts a valid body', async () => {
      const response = await app.inject({ method: 'POST', url: '/v2/probe', payload: { name: 'Ada', count: 2 } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ echoed: 'Ada' });
    });

    it('refuses an oversized body with 413 FILE_TOO_LARGE', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/v2/probe',
        payload: { name: 'x'.repeat(4096), count: 1 },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('FILE_TOO_LARGE');
    });

    it('refuses an unsupported content type with 415', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/v2/probe',
        headers: { 'content-type': 'application/x-unknown' },
        payload: 'x',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UPLOAD_WRONG_TYPE');
    });

    it('maps an AppError to its catalogue status with details', async () => {
      const response = await app.inject({ url: '/v2/probe/app-error' });
      expect(response.statusCode).toBe(errorCatalogue.REMINDER_LIMIT_REACHED.status);
      expect(response.json()).toMatchObject({ code: 'REMINDER_LIMIT_REACHED', details: { partyId: 'p1' } });
    });

    it('turns an unexpected error into a generic 500 that leaks nothing', async () => {
      const response = await app.inject({ url: '/v2/probe/crash' });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body.code).toBe('SERVER_ERROR');
      expect(response.body).not.toContain('secret_table');
      expect(response.body).not.toContain('app.ts');
    });

    it('turns a response that breaks its schema into a 500', async () => {
      const response = await app.inject({ url: '/v2/probe/bad-response' });
      expect(response.statusCode).toBe(500);
      expect(response.json().code).toBe('SERVER_ERROR');
    });
  });
});
