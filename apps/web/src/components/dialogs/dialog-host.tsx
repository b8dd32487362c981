import { Suspense, useSyncExternalStore } from 'react';
import type { DialogStore } from './dialog-store.ts';

/**
 * Renders whatever the store holds; mounted once, beside the router, so dialogs survive navigation. Each dialog
 * shows once its code has arrived (they load on demand, dialog-service.tsx), without holding up the others.
 */
export function DialogHost({ store }: { store: DialogStore }) {
  const entries = useSyncExternalStore(store.subscribe, store.getEntries);
  return entries.map((entry) => (
    <Suspense key={entry.id} fallback={null}>
      {entry.node}
    </Suspense>
  ));
}
