import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seedDocument } from '../../test/seed-document.ts';
import { signLinkAccessToken } from '../modules/links/link-access-token.ts';
import { createLogger, redactedUrl } from './request-log.ts';

describe('redactedUrl', () => {
  it('keeps the path and parameter names, and hides the values of token-like and personal parameters', () => {
    expect(redactedUrl('/v2/linktinker/errands/doc_1/status')).toBe('/v2/linktinker/errands/doc_1/status');
    expect(redactedUrl('/v2/x?requestToken=abc.def&page=2')).toBe('/v2/x?requestToken=[redacted]&page=2');
    expect(
      redactedUrl('/v2/x?RequestToken=a&token=b&access_token=c&code=d&resetToken=e&recipient=%2B4670&name=Åsa.pdf'),
    ).toBe(
      '/v2/x?RequestToken=[redacted]&token=[redacted]&access_token=[redacted]&code=[redacted]' +
        '&resetToken=[redacted]&recipient=[redacted]&name=[redacted]',
    );
    // Spelled with escapes, repeated, or sent without a name, the value is still hidden.
    expect(redactedUrl('/x?Request%54oken=abc&token=1&token=2')).toBe(
      '/x?RequestToken=[redacted]&token=[redacted]&token=[redacted]',
    );
    expect(redactedUrl('/x?eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0%3D&box=sent')).toBe('/x?[redacted]&box=sent');
    expect(redactedUrl('/x?%E0%A4%A=1&flag')).toBe('/x?[redacted]&flag');
    expect(redactedUrl('/x?')).toBe('/x?');
  });
});

describe('redactedUrl on paths', () => {
  it('hides a link code, a PIN reset id, an invitation id and a BankID order key, keeping the rest of the path', () => {
    expect(redactedUrl('/v2/linktinker/links/K7Q2M9XW4R8TDEMO/status?requestToken=a')).toBe(
      '/v2/linktinker/links/[redacted]/status?requestToken=[redacted]',
    );
    // A mistyped route is still a link's code.
    expect(redactedUrl('/v2/linktinker/links/K7Q2M9XW4R8TDEMO/no-such-call')).toBe(
      '/v2/linktinker/links/[redacted]/no-such-call',
    );
    expect(redactedUrl('/v2/linktinker/links')).toBe('/v2/linktinker/links');
    // The page a recipient opens is the code itself.
    expect(redactedUrl('/K7Q2M9XW4R8TDEMO')).toBe('/[redacted]');
    expect(redactedUrl('/favicon.svg')).toBe('/favicon.svg');
    expect(redactedUrl('/v2/linktinker/account/pin/reset/rst_abc123')).toBe(
      '/v2/linktinker/account/pin/reset/[redacted]',
    );
    expect(redactedUrl('/v2/linktinker/app/account/invitations/inv_9/accept')).toBe(
      '/v2/linktinker/app/account/invitations/[redacted]/accept',
    );
    const bankIdRoute = '/v2/linktinker/app/bankid/:clientAccessKey/cancel';
    expect(redactedUrl('/v2/linktinker/app/bankid/cak-secret/cancel?lang=sv', bankIdRoute)).toBe(
      '/v2/linktinker/app/bankid/[redacted]/cancel?lang=sv',
    );
    // A literal route beside it is a name, not a key.
    expect(redactedUrl('/v2/linktinker/app/bankid/validate', '/v2/linktinker/app/bankid/validate')).toBe(
      '/v2/linktinker/app/bankid/validate',
    );
  });
});

describe('request logs', () => {
  let testApp: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const memory = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    testApp = await buildTestApp({ logger: createLogger({ level: 'info', pretty: false }, memory) });
  }, 60_000);
  afterAll(() => testApp?.close());

  it('write the path but no RequestToken, no part of one, no verified value and no Authorization or Cookie', async () => {
    const seeded = await seedDocument(testApp.database.db, {
      storage: testApp.context.storage,
      parties: [{ name: 'Anna Andersson' }],
    });
    const linkId = seeded.parties[0]?.linkCode ?? '';
    const { token } = await signLinkAccessToken(testApp.context.config.sessionSecret, {
      linkId,
      gate: 'sms',
      verifiedValue: '+46701234567',
    });
    const headers = { authorization: 'Bearer header-secret-jwt', cookie: 'session=cookie-secret-value' };
    const path = `/v2/linktinker/links/${linkId}/status`;
    const answer = await testApp.app.inject({ url: `${path}?requestToken=${token}&RequestToken=${token}`, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    // An unknown route (our not-found handler) and a refused call are request lines too.
    await testApp.app.inject({ url: `/no/such/route?token=${token}&access_token=${token}`, headers });
    const refused = await testApp.app.inject({ url: `${path}?requestToken=${token.slice(0, -4)}`, headers });
    expect(refused.statusCode).toBe(403);

    // A BankID order's key is known by its route: the log of the matched route hides it.
    await testApp.app.inject({ method: 'POST', url: '/v2/linktinker/app/bankid/cak-secret-123/cancel', headers });
    await testApp.app.inject({ url: `/${linkId}` });

    const logged = lines.join('\n');
    expect(logged).toContain('"url":"/v2/linktinker/app/bankid/[redacted]/cancel"');
    expect(logged).toContain('"url":"/[redacted]"');
    expect(logged).not.toContain('cak-secret-123');
    expect(logged).toContain(
      '"url":"/v2/linktinker/links/[redacted]/status?requestToken=[redacted]&RequestToken=[redacted]"',
    );
    expect(logged).not.toContain(linkId);
    expect(logged).toContain('/no/such/route?token=[redacted]&access_token=[redacted]');
    expect(logged).toContain('"statusCode":200');
    const pieces = [token, token.slice(0, 16), token.slice(-16), token.slice(60, 76), '+46701234567', '46701234567'];
    for (const piece of [...pieces, 'header-secret-jwt', 'cookie-secret-value']) expect(logged).not.toContain(piece);
    expect(logged).not.toMatch(/authorization|cookie/i);
  });

  it('censor Authorization and Cookie headers wherever a log call puts them', () => {
    const memory: string[] = [];
    const logger = createLogger({ level: 'info', pretty: false }, { write: (line: string) => void memory.push(line) });
    logger.info({ headers: { authorization: 'Bearer abc', cookie: 'sid=xyz', accept: 'text/html' } }, 'headers');
    expect(memory.join('')).not.toMatch(/Bearer abc|sid=xyz/);
    expect(memory.join('')).toContain('text/html');
  });
});
