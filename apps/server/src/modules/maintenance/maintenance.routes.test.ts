import fs from 'node:fs';
import type { MaintenanceItemInput } from '@signlink/contracts/maintenance/maintenance-item';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

const item: MaintenanceItemInput = {
  startUtc: '2026-12-01T22:00:00Z',
  endUtc: '2026-12-01T23:00:00Z',
  preNoticeMinutes: 30,
  lastNoticeMinutes: 5,
  message: { 'en-us': { title: 'Upgrade', desc: 'Back by midnight' } },
};
const start = Date.parse(item.startUtc);

let testApp: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  testApp = await buildTestApp({
    logger: pino({ level: 'error' }, { write: (line: string) => logLines.push(line) }) as never,
  });
});
afterAll(() => testApp?.close());
// Only Date is faked: the database and Fastify keep their real timers, the gate reads the clock the test sets.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(testApp.context.config.maintenance.file, { force: true });
  logLines.length = 0;
});

const ask = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });
/**
 * The operator writes the item; the API's own look at the file may be a second old, and the app's fetch of
 * `/maintenance.json` always looks now, as the first visitor's does within a second of an edit.
 */
async function announce(value: unknown) {
  fs.writeFileSync(testApp.context.config.maintenance.file, typeof value === 'string' ? value : JSON.stringify(value));
  await ask('/maintenance.json');
}

describe('GET /maintenance.json', () => {
  it('answers null, never cached, until the operator writes an item, then the item at once', async () => {
    const none = await ask('/maintenance.json');
    expect(none.statusCode).toBe(200);
    expect(none.headers['cache-control']).toBe('no-store');
    expect(none.headers['content-security-policy']).toBeDefined();
    expect(none.json()).toBeNull();

    await announce(item);
    const announced = await ask('/maintenance.json');
    expect(announced.json()).toMatchObject({ startUtc: item.startUtc, preNoticeMinutes: 30, lastNoticeMinutes: 5 });

    await announce('');
    expect((await ask('/maintenance.json')).json()).toBeNull();
  });

  it('logs and ignores an item that is not valid, and keeps the API answering', async () => {
    vi.setSystemTime(start + 60_000);
    await announce({ ...item, endUtc: item.startUtc });
    expect((await ask('/maintenance.json')).json()).toBeNull();
    expect((await ask('/v2/linktinker/ip')).statusCode).toBe(200);
    expect(logLines.join('\n')).toContain('endUtc must be after startUtc');

    await announce('{ not json');
    expect((await ask('/maintenance.json')).json()).toBeNull();
    expect(logLines.join('\n')).toContain('not JSON');
  });
});

describe('the API during a maintenance window', () => {
  beforeEach(() => announce(item));

  it('answers before the start, during the pre-notice', async () => {
    vi.setSystemTime(start - 1);
    expect((await ask('/v2/linktinker/ip')).statusCode).toBe(200);
  });

  it('refuses with 503 MAINTENANCE, localised, with Retry-After until the end, from the start', async () => {
    vi.setSystemTime(start);
    const refused = await ask('/v2/linktinker/ip', { 'accept-language': 'sv' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('3600');
    const body = refused.json();
    expect(body).toMatchObject({ code: 'MAINTENANCE', details: { endUtc: item.endUtc } });
    expect(body.message).not.toBe((await ask('/v2/linktinker/ip', { 'accept-language': 'en' })).json().message);
    // A signed-in route is refused before its guard, and a path no route has as well.
    expect((await ask('/v2/linktinker/documents')).json().code).toBe('MAINTENANCE');
  });

  it('keeps health, the server time, the maintenance file and the web app answering', async () => {
    vi.setSystemTime(start + 10 * 60_000);
    expect((await ask('/v2/health')).statusCode).toBe(200);
    const time = await ask('/v2/linktinker/time');
    expect(time.statusCode).toBe(200);
    expect(time.json()).toEqual({ utc: new Date(start + 10 * 60_000).toISOString() });
    expect((await ask('/maintenance.json')).statusCode).toBe(200);
    expect((await ask('/v2/dev/messages')).statusCode).toBe(200);
  });

  it('answers again at the end of the window', async () => {
    vi.setSystemTime(Date.parse(item.endUtc));
    expect((await ask('/v2/linktinker/ip')).statusCode).toBe(200);
  });
});

describe('MAINTENANCE_JSON', () => {
  it('announces an item from the environment, over the data folder file', async () => {
    const fromEnv = await buildTestApp({ env: { MAINTENANCE_JSON: JSON.stringify(item) } });
    try {
      vi.setSystemTime(start);
      expect((await fromEnv.app.inject({ method: 'GET', url: '/maintenance.json' })).json()).toMatchObject({
        endUtc: item.endUtc,
      });
      expect((await fromEnv.app.inject({ method: 'GET', url: '/v2/linktinker/ip' })).statusCode).toBe(503);
    } finally {
      await fromEnv.close();
    }
  });
});
