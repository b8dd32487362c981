import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionState } from '../api/session-context.tsx';
import { LoadingPage } from '../components/full-page/loading-page.tsx';
import { forgetReturnTo, readReturnTo, rememberReturnTo } from '../lib/return-to.ts';

/**
 * The one guard of the routes that need an account (route-table.ts, `needsAccount`): a signed-out visitor goes to
 * login, which brings them back here once they are signed in; the screens inside render only for a signed-in user.
 */
export function RequireAccount() {
  const state = useSessionState();
  const { pathname, search } = useLocation();
  const wanted = `${pathname}${search}`;
  const isSignedIn = state.status === 'signedIn';

  useEffect(() => {
    // Arrived: a later login (after logging out, say) starts from the dashboard again.
    if (isSignedIn && readReturnTo() === wanted) forgetReturnTo();
  }, [isSignedIn, wanted]);

  if (state.status === 'loading') return <LoadingPage />;
  if (state.status === 'signedOut') return <ToLogin wanted={wanted} />;
  return <Outlet />;
}

function ToLogin({ wanted }: { wanted: string }) {
  // Stored while rendering, so it is there before <Navigate> moves on and the login screen reads it; storing the
  // same path again on a second render is harmless.
  rememberReturnTo(wanted);
  return <Navigate to="/login" replace />;
}
