import type { MaintenanceItem } from './maintenance-item.ts';

/** SPEC section 4, maintenance states. */
export type MaintenanceState = 'operational' | 'dashboardNotice' | 'preNotice' | 'maintenance' | 'lastNotice';

export interface MaintenanceStateInput {
  item: MaintenanceItem | null | undefined;
  /** Server time, in milliseconds since the epoch (the visitor's clock may be wrong). */
  now: number;
  /** When this app was loaded (server time too); the server, which has no app, leaves it out. */
  appLoadedAt?: number;
}

const minuteMs = 60_000;

/**
 * Where an item's timeline stands at `now` (SPEC section 4). Bounds: a phase includes its start and excludes its
 * end, so at exactly `endUtc` the service is operational again. During the first lastNoticeMinutes of the window
 * the state is lastNotice only for an app loaded before the start (SPEC: the popup shows only then); anyone
 * else, the server included, sees maintenance.
 */
export function maintenanceStateAt({ item, now, appLoadedAt }: MaintenanceStateInput): MaintenanceState {
  if (!item) return 'operational';
  const start = Date.parse(item.startUtc);
  const end = Date.parse(item.endUtc);
  if (now >= end) return 'operational';
  if (now >= start) {
    const inLastNotice = now < start + item.lastNoticeMinutes * minuteMs;
    return inLastNotice && appLoadedAt !== undefined && appLoadedAt < start ? 'lastNotice' : 'maintenance';
  }
  if (now >= start - item.preNoticeMinutes * minuteMs) return 'preNotice';
  if (item.dashboardNoticeUtc && now >= Date.parse(item.dashboardNoticeUtc)) return 'dashboardNotice';
  return 'operational';
}

/** The API refuses calls from the start to the end of the window, whatever a visitor's app shows. */
export function isMaintenanceWindow(item: MaintenanceItem | null | undefined, now: number): boolean {
  if (!item) return false;
  return now >= Date.parse(item.startUtc) && now < Date.parse(item.endUtc);
}

/**
 * When the state can next change by time alone (the next phase boundary after `now`), or null when none remains:
 * the watcher wakes then as well as every minute, so a countdown ends on time.
 */
export function nextMaintenanceChangeAt(item: MaintenanceItem | null | undefined, now: number): number | null {
  if (!item) return null;
  const start = Date.parse(item.startUtc);
  const bounds = [
    item.dashboardNoticeUtc ? Date.parse(item.dashboardNoticeUtc) : Number.NaN,
    start - item.preNoticeMinutes * minuteMs,
    start,
    start + item.lastNoticeMinutes * minuteMs,
    Date.parse(item.endUtc),
  ];
  const later = bounds.filter((bound) => Number.isFinite(bound) && bound > now);
  return later.length > 0 ? Math.min(...later) : null;
}
