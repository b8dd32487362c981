import { timings } from '@signlink/contracts/constants';
import type { MaintenanceItem } from '@signlink/contracts/maintenance/maintenance-item';
import {
  type MaintenanceState,
  maintenanceStateAt,
  nextMaintenanceChangeAt,
} from '@signlink/contracts/maintenance/maintenance-state';

export interface MaintenanceSnapshot {
  state: MaintenanceState;
  item: MaintenanceItem | null;
}

export interface MaintenanceWatcherInput {
  /** The announced item (null for none); rejects when it could not be read, and the last one known stays. */
  fetchItem(): Promise<MaintenanceItem | null>;
  /** The server's clock in ms, or null when it could not be asked (then the visitor's clock is trusted). */
  fetchServerTime(): Promise<number | null>;
  /** The visitor's clock; tests pass a fake one through vi.useFakeTimers. */
  clock?: () => number;
}

export interface MaintenanceWatcher {
  getSnapshot(): MaintenanceSnapshot;
  subscribe(listener: () => void): () => void;
  /** Server time now, for countdowns. */
  serverNow(): number;
  /** Checks at once, then every minute (SPEC section 9); again when stopped before. */
  start(): void;
  stop(): void;
  /** An API call was refused for maintenance: show the page until `endUtc` (or the next minute), then check. */
  enterMaintenance(endUtc: string | undefined): void;
}

const operational: MaintenanceSnapshot = { state: 'operational', item: null };

/**
 * SPEC section 4's timeline as the app lives it: reads the item at start and every 60 seconds, re-reads the state at
 * each of the item's boundaries so popups and the page come on time, and while maintenance is active stops checking,
 * waking once at the window's end to check again. Times are the server's: its clock is asked once an item is
 * announced and the offset kept, so a visitor's wrong clock neither starts nor ends maintenance early.
 */
export function createMaintenanceWatcher({
  fetchItem,
  fetchServerTime,
  clock = () => Date.now(),
}: MaintenanceWatcherInput): MaintenanceWatcher {
  const loadedAtLocal = clock();
  let offset = 0;
  let item: MaintenanceItem | null = null;
  /**
   * Set by a 503 MAINTENANCE the item may not know of yet (a file not yet updated): the end the refusal gave, or
   * undefined when it gave none; null while no call was refused.
   */
  let refusedUntil: string | undefined | null = null;
  let snapshot = operational;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let isRunning = false;
  let hasOffset = false;
  const listeners = new Set<() => void>();

  const serverNow = () => clock() + offset;

  function stateNow(): MaintenanceState {
    if (refusedUntil !== null) return 'maintenance';
    return maintenanceStateAt({ item, now: serverNow(), appLoadedAt: loadedAtLocal + offset });
  }

  function clearTimers() {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
  }

  function publish() {
    const state = stateNow();
    if (state !== snapshot.state || item !== snapshot.item) {
      snapshot = { state, item };
      for (const listener of listeners) listener();
    }
    schedule();
  }

  function schedule() {
    clearTimers();
    if (!isRunning) return;
    const now = serverNow();
    if (snapshot.state === 'maintenance') {
      // SPEC section 4: no checks while maintenance is active; one at the end brings the app back (or not).
      const end = refusedUntil ?? item?.endUtc;
      const untilEnd = end ? Date.parse(end) - now : Number.NaN;
      timers.push(setTimeout(check, untilEnd > 0 ? untilEnd : timings.maintenanceCheckIntervalMs));
      return;
    }
    timers.push(setTimeout(check, timings.maintenanceCheckIntervalMs));
    const next = nextMaintenanceChangeAt(item, now);
    if (next !== null && next - now < timings.maintenanceCheckIntervalMs) {
      timers.push(setTimeout(publish, next - now));
    }
  }

  async function check() {
    try {
      item = await fetchItem();
      refusedUntil = null;
    } catch {
      // Unreadable (offline, a proxy's error page): what we knew stays true, the next check tries again.
    }
    // The server's clock matters only once something is announced: no second call on every page's start.
    if (item) await learnServerTime();
    if (isRunning) publish();
  }

  async function learnServerTime() {
    if (hasOffset) return;
    const sentAt = clock();
    const serverTime = await fetchServerTime().catch(() => null);
    if (serverTime === null) return;
    // Half the round trip is the usual guess of when the server read its clock.
    offset = serverTime - (sentAt + clock()) / 2;
    hasOffset = true;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    serverNow,
    start() {
      if (isRunning) return;
      isRunning = true;
      void check();
    },
    stop() {
      isRunning = false;
      clearTimers();
    },
    enterMaintenance(endUtc) {
      refusedUntil = endUtc;
      publish();
      // The refusal's end is the server's time: wake by its clock, not the visitor's.
      void learnServerTime().then(() => isRunning && publish());
    },
  };
}
