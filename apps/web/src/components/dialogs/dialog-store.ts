import type { ReactNode } from 'react';

export interface DialogEntry {
  id: number;
  node: ReactNode;
}

/** Open dialogs as plain data, so code outside React (the API client) can open them and the host renders them. */
export interface DialogStore {
  /** Renders a dialog until the returned function, also passed to `render`, closes it. */
  show(render: (close: () => void) => ReactNode): () => void;
  getEntries(): readonly DialogEntry[];
  subscribe(listener: () => void): () => void;
}

export function createDialogStore(): DialogStore {
  let entries: readonly DialogEntry[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    show(render) {
      const id = nextId++;
      const close = () => {
        if (!entries.some((entry) => entry.id === id)) return;
        entries = entries.filter((entry) => entry.id !== id);
        notify();
      };
      entries = [...entries, { id, node: render(close) }];
      notify();
      return close;
    },
    getEntries: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
