import { lazy, Suspense } from 'react';
import type { ErrorPageProps } from '../../components/full-page/error-page.tsx';
import { LoadingPage } from '../../components/full-page/loading-page.tsx';

// The failure and "closed" pages draw the app's own page layout (its header with the account menu and the account
// calls behind it): fetched when a link fails or is closed, not with every recipient's first page.
const ErrorPage = lazy(() =>
  import('../../components/full-page/error-page.tsx').then((m) => ({ default: m.ErrorPage })),
);
const ClosedPage = lazy(() =>
  import('../../components/full-page/closed-page.tsx').then((m) => ({ default: m.ClosedPage })),
);

export function RecipientErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <ErrorPage {...props} />
    </Suspense>
  );
}

export function RecipientClosedPage(props: { ownerLogoUrl?: string | null }) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <ClosedPage {...props} />
    </Suspense>
  );
}
