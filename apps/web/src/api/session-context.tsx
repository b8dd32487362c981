import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { Session, SessionState } from './session.ts';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session's actions: signIn, staySignedIn, logout, switchAccount. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider> above it');
  return session;
}

/** loading, signedOut or signedIn (with the auth state), re-rendering on every change. */
export function useSessionState(): SessionState {
  const session = useSession();
  return useSyncExternalStore(session.subscribe, session.getState);
}

/** The signed-in user, their current account and their other accounts (SPEC section 3); null when signed out. */
export function useSignedInUser(): AuthState | null {
  const state = useSessionState();
  return state.status === 'signedIn' ? state.auth : null;
}
