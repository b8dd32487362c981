import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { DebugWindow } from '../components/debug-window.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useFocusMainHeadingOnChange } from '../lib/use-focus-main-heading.ts';
import { useRouteTitle } from './use-route-title.ts';

/**
 * Wraps every screen; the debug window listens here because it needs the route's query. Each screen's tab title
 * comes from the route table, and a change of screen moves focus to its heading (WCAG 2.4.2, 2.4.3).
 */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  // Only the `*` route has no title: the not-found page.
  useDocumentTitle(useRouteTitle() ?? t('notFound.title'));
  useFocusMainHeadingOnChange(location.pathname);
  return (
    <>
      <Outlet />
      <DebugWindow location={location} />
    </>
  );
}
