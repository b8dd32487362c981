import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signInSeededUser } from '../../test/sign-in.ts';
import { createLogger } from '../plugins/request-log.ts';

/**
 * Issue 20, fault 7: a NUL byte or a lone surrogate in a search, a login or a body answered 500 and the error log
 * carried the value. Every route now refuses them as VALIDATION_FAILED, naming where, and logs no request value.
 */
let testApp: TestApp;
let token: string;
const lines: string[] = [];

beforeAll(async () => {
  const memory = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  testApp = await buildTestApp({ logger: createLogger({ level: 'info', pretty: false }, memory) });
  token = (await signInSeededUser(testApp)).token;
}, 60_000);
afterAll(() => testApp?.close());

const secretLooking = 'nul.person@example.com';
const cases: { name: string; method: 'GET' | 'POST'; url: string; payload?: string; path: string }[] = [
  {
    name: 'a NUL in a search',
    method: 'GET',
    url: `/v2/linktinker/errands?search=${secretLooking}%00`,
    path: 'querystring.search',
  },
  { name: 'a NUL in a path parameter', method: 'GET', url: '/v2/linktinker/errands/doc%00x', path: 'params.id' },
  {
    name: 'a NUL in a login',
    method: 'POST',
    url: '/v2/oauth/generatetoken',
    payload: JSON.stringify({ email: `${secretLooking}\u0000`, password: 'whatever-it-is' }),
    path: 'body.email',
  },
  {
    name: 'a lone surrogate in a body',
    method: 'POST',
    url: '/v2/oauth/generatetoken',
    payload: `{"email":"${secretLooking}","password":"\\ud800x"}`,
    path: 'body.password',
  },
  {
    name: 'a NUL in a key',
    method: 'POST',
    url: '/v2/linktinker/links/cost',
    payload: JSON.stringify({ ProjectId: 'doc', [`x\u0000${secretLooking}`]: 1 }),
    path: 'body',
  },
];

describe('text no person types', () => {
  it.each(cases)('refuses $name as VALIDATION_FAILED, naming where', async ({ method, url, payload, path }) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { issues: [{ path }] } });
    expect(response.body).not.toContain(secretLooking);
  });

  it('keeps every value it refused out of the log', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(secretLooking);
  });

  it('still accepts the surrogate pairs of ordinary text, such as emoji', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/v2/linktinker/errands?search=${encodeURIComponent('Hyresavtal 🏠')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
