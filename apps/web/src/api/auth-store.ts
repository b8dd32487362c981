/**
 * localStorage key of the access token (SPEC section 3, auth state: accessToken). localStorage rather than
 * sessionStorage: a reload, a link opened in a new tab and the next visit within the hour stay signed in, and every
 * tab follows a login or logout made in another (create-app-services.ts listens). What that exposes is bounded: a
 * strict CSP keeps foreign script out, the token lives 60 minutes (timings.accessTokenMinutes), and it names a
 * server-side session that logout ends at once.
 */
export const authStorageKey = 'signlink.accessToken';

export interface AuthStore {
  getToken(): string | null;
  setToken(token: string): void;
  /** Logs out: forgets the token and tells subscribers (the query cache, the screens). */
  clear(): void;
  subscribe(listener: () => void): () => void;
  /** Reads the stored token again (another tab changed it); true, after telling subscribers, when it changed. */
  reload(): boolean;
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
    reload() {
      const stored = read(storage);
      if (stored === token) return false;
      token = stored;
      notify();
      return true;
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
