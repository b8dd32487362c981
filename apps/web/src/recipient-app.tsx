import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { Locale } from '@signlink/contracts/locales';
import { Component, lazy, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BaseProviders } from './components/base-providers.tsx';
import { CookieConsentHost } from './components/cookie-consent/cookie-consent-host.tsx';
import { DebugWindow } from './components/debug-window.tsx';
import { MaintenanceGate } from './components/maintenance/maintenance-gate.tsx';
import type { AppStart } from './full-app.tsx';
import { currentLocale } from './i18n/create-app-i18n.ts';
import { type BaseServices, createBaseServices } from './lib/create-base-services.ts';
import { isRecipientLocation, parseHashLocation } from './lib/hash-location.ts';
import { useDocumentTitle } from './lib/use-document-title.ts';
import { useHashLocation } from './lib/use-hash-location.ts';
import { AppPageFrameContext } from './routes/recipient/app-page-frame.ts';
import { RecipientErrorPage } from './routes/recipient/recipient-full-pages.tsx';
import { RecipientPage } from './routes/recipient/recipient-page.tsx';

/**
 * A document link's page (`#/?link=…`), most visitors' only one, in a frame of its own: the base providers and the
 * recipient's page, without the router, TanStack Query, the owner's screens or their texts (issue 8: at most 280 KB
 * of JavaScript before the first page shows). Once the hash leaves the link's route (a log-out, the back button),
 * this frame goes and `onLeave` starts the whole app there, in the language the page shows.
 */
export function startRecipientApp(start: AppStart & { onLeave: (language: Locale) => void }): void {
  const { brand, language, texts, container, onLeave } = start;
  mountRecipientApp(createBaseServices({ brand, window, language, texts }), container, onLeave);
}

/**
 * Draws the page into `container` until the hash leaves the link's route; then clears it and calls `onLeave`.
 * Returns what stops it sooner (tests).
 */
export function mountRecipientApp(
  services: BaseServices,
  container: HTMLElement,
  onLeave: (language: Locale) => void,
): () => void {
  const root = createRoot(container);
  const stop = () => {
    window.removeEventListener('hashchange', leaveOnRouteChange);
    root.unmount();
    services.dispose();
  };
  const leaveOnRouteChange = () => {
    if (isRecipientLocation(parseHashLocation(window.location.hash))) return;
    const shown = currentLocale(services.i18n);
    stop();
    onLeave(shown);
  };
  window.addEventListener('hashchange', leaveOnRouteChange);
  root.render(
    <StrictMode>
      <BaseProviders services={services}>
        <RecipientApp />
      </BaseProviders>
    </StrictMode>,
  );
  return stop;
}

const AppPageFrame = lazy(() => import('./recipient-app-pages.tsx').then((m) => ({ default: m.AppPageFrame })));

/** The page for the link in the hash, following a change of link; the debug window as on every route. */
export function RecipientApp() {
  const location = useHashLocation();
  useDocumentTitle(useTranslation().t('a11y.documentPage'));
  return (
    <AppPageFrameContext value={AppPageFrame}>
      <MaintenanceGate>
        <PageErrorBoundary>
          {isRecipientLocation(location) && <RecipientPage search={location.search} />}
          <DebugWindow location={location} />
          <CookieConsentHost />
        </PageErrorBoundary>
      </MaintenanceGate>
    </AppPageFrameContext>
  );
}

/** What the router's error element does for its screens: a page that throws (often a chunk gone) says so. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.hasFailed) return <RecipientErrorPage messageKey={messageKeyOf('UNEXPECTED_ERROR')} />;
    return this.props.children;
  }
}
