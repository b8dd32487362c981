import { describe, expect, it } from 'vitest';
import {
  type MaintenanceItemInput,
  maintenanceTextOf,
  ZMaintenanceFile,
  ZMaintenanceItem,
} from './maintenance-item.ts';
import { isMaintenanceWindow, maintenanceStateAt, nextMaintenanceChangeAt } from './maintenance-state.ts';

const minute = 60_000;
const start = Date.parse('2026-12-01T22:00:00Z');
const end = Date.parse('2026-12-01T23:00:00Z');
const input: MaintenanceItemInput = {
  startUtc: '2026-12-01T22:00:00Z',
  endUtc: '2026-12-01T23:00:00Z',
  dashboardNoticeUtc: '2026-11-30T08:00:00Z',
  preNoticeMinutes: 30,
  lastNoticeMinutes: 5,
  message: {
    'en-us': { title: 'Upgrade', desc: 'Back at midnight' },
    sv: { title: 'Uppgradering', desc: 'Åter vid midnatt' },
  },
};
const item = ZMaintenanceItem.parse(input);
const dashboardAt = Date.parse('2026-11-30T08:00:00Z');
const loadedEarly = start - 2 * 60 * minute;

describe('maintenanceStateAt', () => {
  it.each([
    ['before the dashboard notice', dashboardAt - 1, 'operational'],
    ['at the dashboard notice', dashboardAt, 'dashboardNotice'],
    ['just before the pre-notice', start - 30 * minute - 1, 'dashboardNotice'],
    ['at the pre-notice', start - 30 * minute, 'preNotice'],
    ['just before the start', start - 1, 'preNotice'],
    ['at the start, loaded before it', start, 'lastNotice'],
    ['just before the last notice ends', start + 5 * minute - 1, 'lastNotice'],
    ['when the last notice ends', start + 5 * minute, 'maintenance'],
    ['just before the end', end - 1, 'maintenance'],
    ['at the end', end, 'operational'],
  ] as const)('is %s: %s', (_, now, expected) => {
    expect(maintenanceStateAt({ item, now, appLoadedAt: loadedEarly })).toBe(expected);
  });

  it('gives no last notice to an app loaded at or after the start, nor to the server', () => {
    expect(maintenanceStateAt({ item, now: start + minute, appLoadedAt: start })).toBe('maintenance');
    expect(maintenanceStateAt({ item, now: start + minute, appLoadedAt: start + minute })).toBe('maintenance');
    expect(maintenanceStateAt({ item, now: start + minute })).toBe('maintenance');
  });

  it('is operational with no item, and skips the dashboard notice an item does not have', () => {
    expect(maintenanceStateAt({ item: null, now: start })).toBe('operational');
    const plain = ZMaintenanceItem.parse({ ...input, dashboardNoticeUtc: undefined });
    expect(maintenanceStateAt({ item: plain, now: start - 31 * minute })).toBe('operational');
  });

  it('goes straight to maintenance when the operator gives no last-notice minutes', () => {
    const noLast = ZMaintenanceItem.parse({ ...input, lastNoticeMinutes: 0 });
    expect(maintenanceStateAt({ item: noLast, now: start, appLoadedAt: loadedEarly })).toBe('maintenance');
  });
});

describe('isMaintenanceWindow and nextMaintenanceChangeAt', () => {
  it('refuses from the start up to, not including, the end', () => {
    expect([start - 1, start, end - 1, end].map((now) => isMaintenanceWindow(item, now))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('names each boundary in turn, then none', () => {
    expect(nextMaintenanceChangeAt(item, dashboardAt - 1)).toBe(dashboardAt);
    expect(nextMaintenanceChangeAt(item, dashboardAt)).toBe(start - 30 * minute);
    expect(nextMaintenanceChangeAt(item, start - minute)).toBe(start);
    expect(nextMaintenanceChangeAt(item, start)).toBe(start + 5 * minute);
    expect(nextMaintenanceChangeAt(item, start + 5 * minute)).toBe(end);
    expect(nextMaintenanceChangeAt(item, end)).toBeNull();
  });
});

describe('the maintenance file', () => {
  it('is one item or null, refusing a window that ends before it starts', () => {
    expect(ZMaintenanceFile.parse(null)).toBeNull();
    expect(ZMaintenanceFile.safeParse({ ...input, endUtc: input.startUtc }).success).toBe(false);
    expect(ZMaintenanceFile.safeParse({ ...input, dashboardNoticeUtc: input.endUtc }).success).toBe(false);
    expect(ZMaintenanceFile.safeParse({ ...input, message: { sv: input.message.sv } }).success).toBe(false);
  });

  it('falls back to en-us for a language the operator did not write', () => {
    expect(maintenanceTextOf(item.message, 'sv')?.title).toBe('Uppgradering');
    expect(maintenanceTextOf(item.message, 'es')?.title).toBe('Upgrade');
    expect(maintenanceTextOf(item.preNotice, 'es')).toBeUndefined();
  });
});
