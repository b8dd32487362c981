import { logoutRoute, refreshSessionRoute } from '@signlink/contracts/auth/auth.routes';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { findCurrentUserRoute, switchAccountRoute } from '@signlink/contracts/auth/user.routes';
import { timings } from '@signlink/contracts/constants';
import type { ApiClient, ApiDialogs } from './api-client.ts';
import { ApiError } from './api-error.ts';
import type { AuthStore } from './auth-store.ts';

/**
 * Who is signed in (SPEC section 3, Auth state), kept beside the token of auth-store.ts. Framework-free like the
 * BankID machine: React renders its snapshots (session-context.tsx) and tests drive its timers with fake timers.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  /**
   * `expiresAt`: when the token stops (epoch ms, see watchExpiry); `isExpiring`: within
   * timings.sessionWarningMinutes of it (SPEC section 4, "a warning is given before expiry"; DECISIONS).
   */
  | { status: 'signedIn'; auth: AuthState; expiresAt: number; isExpiring: boolean };

export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Loads `GET user` for the stored token (kept from an earlier visit, or set by another tab); signed out without. */
  start(): Promise<void>;
  /** Keeps the just-issued token of a login's answer and watches its expiry. */
  signIn(auth: AuthState): void;
  /** "Stay signed in": `oauth/refreshtoken` gives a new token and the old one stops. Rejects when it fails. */
  staySignedIn(): Promise<void>;
  /** Ends the session on the server too; the token is forgotten even when that call fails. */
  logout(): Promise<void>;
  /** Acts for another of the user's accounts: a new token (201); rejects, after the error dialog, on failure. */
  switchAccount(accountId: string): Promise<void>;
  /**
   * Acts for an account the user just joined or created (an accepted invitation, a new company or personal account):
   * the server answered with its auth state, as a switch does, so the cache of the old account goes too.
   */
  enterAccount(auth: AuthState): void;
  /**
   * Loads `GET user` again behind the signed-in screen, for what changed on the server (the balances after a gift
   * card's credit). A failure keeps what is shown: a 401 has logged out in the API client already.
   */
  reload(): Promise<void>;
  dispose(): void;
}

export interface SessionOptions {
  authStore: AuthStore;
  client: ApiClient;
  /** The logged-out dialog at expiry; the retry dialog when `GET user` fails for a reason other than the token. */
  dialogs: Pick<ApiDialogs, 'askRetry' | 'showLoggedOut'>;
  /** Another account's data must not stay on screen: the app resets its query cache here. */
  onAccountChanged?: () => void;
}

const minute = 60_000;

export function createSession({ authStore, client, dialogs, onAccountChanged }: SessionOptions): Session {
  let state: SessionState = authStore.getToken() ? { status: 'loading' } : { status: 'signedOut' };
  const listeners = new Set<() => void>();
  let warningTimer: ReturnType<typeof setTimeout> | undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  function set(next: SessionState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function stopTimers(): void {
    // Read off globalThis at call time, so vi.useFakeTimers replaces them in tests.
    globalThis.clearTimeout(warningTimer);
    globalThis.clearTimeout(expiryTimer);
    warningTimer = undefined;
    expiryTimer = undefined;
  }

  /**
   * When a token stops, on this browser's clock. A token just issued (login, refresh, switch) lives
   * timings.accessTokenMinutes from now, whatever the two clocks say. A token loaded with `GET user` is older: its
   * tokenExpires is the only clue, read on a clock that may differ from the server's, so it is capped at a full
   * life from now (a slow client clock must not push the warning past the moment the server stops the token).
   */
  function expiryOf(auth: AuthState, now: number, isFresh: boolean): number {
    const fullLife = now + timings.accessTokenMinutes * minute;
    const stated = Date.parse(auth.tokenExpires);
    return isFresh || Number.isNaN(stated) ? fullLife : Math.min(stated, fullLife);
  }

  /** DECISIONS, session length: warn timings.sessionWarningMinutes before the end; at the end, log out. */
  function watchExpiry(expiresAt: number): void {
    stopTimers();
    const now = Date.now();
    const warnAt = expiresAt - timings.sessionWarningMinutes * minute;
    warningTimer = globalThis.setTimeout(
      () => {
        if (state.status === 'signedIn') set({ ...state, isExpiring: true });
      },
      Math.max(0, warnAt - now),
    );
    expiryTimer = globalThis.setTimeout(expire, Math.max(0, expiresAt - now));
  }

  function expire(): void {
    if (state.status !== 'signedIn') return;
    stopTimers();
    authStore.clear();
    dialogs.showLoggedOut();
  }

  function adopt(auth: AuthState, isFresh: boolean): void {
    // State first: the token listener below then recognises the token as this session's own.
    const expiresAt = expiryOf(auth, Date.now(), isFresh);
    set({ status: 'signedIn', auth, expiresAt, isExpiring: false });
    authStore.setToken(auth.accessToken);
    watchExpiry(expiresAt);
  }

  // Whoever forgets the token (a 401 in the API client, logout, expiry) ends the session for every screen.
  const stopListening = authStore.subscribe(() => {
    if (authStore.getToken() !== null || state.status === 'signedOut') return;
    stopTimers();
    set({ status: 'signedOut' });
  });

  async function start(): Promise<void> {
    const token = authStore.getToken();
    if (!token) {
      if (state.status !== 'signedIn') set({ status: 'signedOut' });
      return;
    }
    // A token changed by another tab is loaded behind the signed-in screen, without a spinner in between.
    if (state.status !== 'signedIn') set({ status: 'loading' });
    for (;;) {
      try {
        const auth = await client.api(findCurrentUserRoute, {}, { silent: true });
        if (authStore.getToken() === token) adopt(auth, false);
        return;
      } catch (error) {
        // Someone logged in or out while the user loaded: their state stands.
        if (authStore.getToken() !== token) return;
        if (error instanceof ApiError && isVerdictOnToken(error)) {
          // SPEC section 7: a 4xx on user load clears the token (a 401 has already been cleared by the client).
          authStore.clear();
          set({ status: 'signedOut' });
          return;
        }
        if (error instanceof ApiError && (await dialogs.askRetry(error))) continue;
        // The server could not answer; the token is kept, so a reload tries again.
        set({ status: 'signedOut' });
        return;
      }
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    signIn: (auth) => adopt(auth, true),
    async staySignedIn() {
      adopt(await client.api(refreshSessionRoute), true);
    },
    async logout() {
      stopTimers();
      if (authStore.getToken()) {
        await client.api(logoutRoute, {}, { silent: true, extraTries: 0 }).catch(() => undefined);
      }
      authStore.clear();
      if (state.status !== 'signedOut') set({ status: 'signedOut' });
    },
    async switchAccount(accountId) {
      adopt(await client.api(switchAccountRoute, { params: { id: accountId } }), true);
      onAccountChanged?.();
    },
    enterAccount(auth) {
      adopt(auth, true);
      onAccountChanged?.();
    },
    async reload() {
      const token = authStore.getToken();
      if (!token || state.status !== 'signedIn') return;
      try {
        const auth = await client.api(findCurrentUserRoute, {}, { silent: true });
        // Only the same sign-in: a switch or logout meanwhile has its own state, which stands.
        if (authStore.getToken() === token && state.status === 'signedIn') set({ ...state, auth });
      } catch {
        // The balances shown stay until the next load.
      }
    },
    dispose() {
      stopTimers();
      stopListening();
      listeners.clear();
    },
  };
}

/** A 4xx about the token; a timeout (408) or a rate limit (429) says nothing about it and is worth another try. */
function isVerdictOnToken(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
