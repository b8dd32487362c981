import { lazy, Suspense } from 'react';
import { useSessionState } from '../../api/session-context.tsx';

// Only a signed-in person near the session's end sees it: its code (with MUI's modal) is fetched then.
const ExpiryWarning = lazy(() => import('./session-expiry-warning.tsx').then((m) => ({ default: m.ExpiryWarning })));

/**
 * SPEC section 4, "sessions: a warning is given before expiry"; DECISIONS: 5 minutes before, offering to stay
 * signed in. The session (api/session.ts) decides when; this shows the time left and the two ways on.
 */
export function SessionExpiryDialog() {
  const state = useSessionState();
  if (state.status !== 'signedIn' || !state.isExpiring) return null;
  return (
    <Suspense fallback={null}>
      <ExpiryWarning expiresAt={state.expiresAt} />
    </Suspense>
  );
}
