import { Fragment, useSyncExternalStore } from 'react';
import type { DialogStore } from './dialog-store.ts';

/** Renders whatever the store holds; mounted once, beside the router, so dialogs survive navigation. */
export function DialogHost({ store }: { store: DialogStore }) {
  const entries = useSyncExternalStore(store.subscribe, store.getEntries);
  return entries.map((entry) => <Fragment key={entry.id}>{entry.node}</Fragment>);
}
