import { createContext, useContext, useSyncExternalStore } from 'react';
import type { MaintenanceSnapshot, MaintenanceWatcher } from './maintenance-watcher.ts';

export const MaintenanceContext = createContext<MaintenanceWatcher | null>(null);

/** The maintenance timeline's state, or none outside a gate (a screen rendered on its own in a test). */
export function useMaintenance(): { snapshot: MaintenanceSnapshot | null; watcher: MaintenanceWatcher | null } {
  const watcher = useContext(MaintenanceContext);
  const snapshot = useSyncExternalStore(watcher?.subscribe ?? noSubscription, watcher?.getSnapshot ?? noSnapshot);
  return { snapshot, watcher };
}

const noSubscription = () => () => {};
const noSnapshot = () => null;
