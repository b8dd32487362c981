/** localStorage key of the access token (SPEC section 3, auth state: accessToken). */
export const authStorageKey = 'signlink.accessToken';

export interface AuthStore {
  getToken(): string | null;
  setToken(token: string): void;
  /** Logs out: forgets the token and tells subscribers (the query cache, the screens). */
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/** A tiny store so the API client, React (useSyncExternalStore) and other tabs agree on who is logged in. */
export function createAuthStore(storage: Storage): AuthStore {
  const listeners = new Set<() => void>();
  let token = read(storage);
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    getToken: () => token,
    setToken(next) {
      token = next;
      write(storage, next);
      notify();
    },
    clear() {
      if (token === null) return;
      token = null;
      write(storage, null);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function read(storage: Storage): string | null {
  try {
    return storage.getItem(authStorageKey);
  } catch {
    return null;
  }
}

function write(storage: Storage, token: string | null): void {
  try {
    if (token === null) storage.removeItem(authStorageKey);
    else storage.setItem(authStorageKey, token);
  } catch {
    // Storage can be refused (private mode); the session then lasts for this page only.
  }
}
