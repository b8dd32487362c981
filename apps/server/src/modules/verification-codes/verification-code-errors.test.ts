import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildApp } from '../../app.ts';
import { issueVerificationCode } from './issue-code.ts';
import { codeDeps, freshDestination } from './verification-codes-test-helpers.ts';
import { verifyCode } from './verify-code.ts';

let testApp: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;

/** Routes that exist only in this file: the services' refusals as a client sees them, through the error handler. */
beforeAll(async () => {
  testApp = await buildTestApp();
  const deps = codeDeps(testApp);
  app = await buildApp({ context: testApp.context, webRoot: null });
  const probe = app.withTypeProvider<ZodTypeProvider>();
  probe.post('/v2/probe/codes', { schema: { body: z.object({ phone: z.string() }) } }, async (request) =>
    issueVerificationCode(deps, {
      purpose: 'login',
      channel: 'sms',
      destination: request.body.phone,
      subject: { userId: 'usr_probe' },
      locale: request.locale,
      brand: 'signlink',
    }),
  );
  probe.post(
    '/v2/probe/codes/verify',
    { schema: { body: z.object({ token: z.string(), code: z.string() }) } },
    async (request) => verifyCode(deps, { ...request.body, purpose: 'login' }),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testApp?.close();
});

describe('verification-code refusals through the API', () => {
  it('answers a wrong code with WRONG_CODE in the asked language, with the reason and tries left', async () => {
    const phone = freshDestination('sms');
    const issued = await app.inject({ method: 'POST', url: '/v2/probe/codes', payload: { phone } });
    expect(issued.statusCode).toBe(200);
    const { token } = issued.json();
    const wrong = (lang: string) =>
      app.inject({ method: 'POST', url: `/v2/probe/codes/verify?lang=${lang}`, payload: { token, code: 'ABCD' } });

    const sv = await wrong('sv');
    expect(sv.statusCode).toBe(406);
    expect(ZErrorResponse.parse(sv.json())).toMatchObject({
      code: 'WRONG_CODE',
      message: 'Fel kod.',
      details: { reason: 'wrong', triesLeft: 4 },
    });
    expect((await wrong('es')).json()).toMatchObject({ message: 'Código incorrecto.', details: { triesLeft: 3 } });
    expect((await wrong('en-us')).json()).toMatchObject({ message: 'Wrong code.', details: { triesLeft: 2 } });
    // The answer never carries the code or its hash.
    expect(sv.body).not.toMatch(/[0-9a-f]{64}/);
  });

  it('answers a fourth code within the window with RATE_LIMITED, localised, saying when to retry', async () => {
    const phone = freshDestination('sms');
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject({ method: 'POST', url: '/v2/probe/codes', payload: { phone } })).statusCode).toBe(200);
    }
    const refused = await app.inject({ method: 'POST', url: '/v2/probe/codes?lang=sv', payload: { phone } });
    expect(refused.statusCode).toBe(429);
    expect(ZErrorResponse.parse(refused.json())).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'För många försök. Vänta en stund och försök igen.',
      details: { retryAfterSeconds: expect.any(Number) },
    });
  });
});
