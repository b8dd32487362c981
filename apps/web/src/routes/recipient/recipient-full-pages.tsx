import { lazy, Suspense } from 'react';
import type { ErrorPageProps } from '../../components/full-page/error-page.tsx';
import { LoadingPage } from '../../components/full-page/loading-page.tsx';
import { useAppPageFrame } from './app-page-frame.ts';

// The failure and "closed" pages draw the app's own page layout (its header with the account menu and the account
// calls behind it): fetched when a link fails or is closed, not with every recipient's first page, and inside
// whatever frame such a page needs where it shows (app-page-frame.ts).
const ErrorPage = lazy(() =>
  import('../../components/full-page/error-page.tsx').then((m) => ({ default: m.ErrorPage })),
);
const ClosedPage = lazy(() =>
  import('../../components/full-page/closed-page.tsx').then((m) => ({ default: m.ClosedPage })),
);

export function RecipientErrorPage(props: ErrorPageProps) {
  const Frame = useAppPageFrame();
  return (
    <Suspense fallback={<LoadingPage />}>
      <Frame>
        <ErrorPage {...props} />
      </Frame>
    </Suspense>
  );
}

export function RecipientClosedPage(props: { ownerLogoUrl?: string | null }) {
  const Frame = useAppPageFrame();
  return (
    <Suspense fallback={<LoadingPage />}>
      <Frame>
        <ClosedPage {...props} />
      </Frame>
    </Suspense>
  );
}
