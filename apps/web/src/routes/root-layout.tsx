import { Outlet, useLocation } from 'react-router';
import { DebugWindow } from '../components/debug-window.tsx';

/** Wraps every screen; the debug window listens here because it needs the route's query. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <DebugWindow location={useLocation()} />
    </>
  );
}
