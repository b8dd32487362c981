import { lazy, Suspense, useEffect, useState } from 'react';
import { CookieBanner } from './cookie-banner.tsx';
import { closeCookiePanel, useCookiePanel } from './cookie-consent-panel.ts';
import {
  type CookieChoice,
  necessaryOnlyChoice,
  readCookieConsent,
  saveCookieConsent,
} from './cookie-consent-store.ts';

// The dialogs load when first opened; the banner alone comes with the page.
const CookieSettingsDialog = lazy(() =>
  import('./cookie-settings-dialog.tsx').then((m) => ({ default: m.CookieSettingsDialog })),
);
const PrivacyDialog = lazy(() => import('./privacy-dialog.tsx').then((m) => ({ default: m.PrivacyDialog })));

/**
 * A frame's cookie consent (SPEC section 2): the banner until the visitor chooses for the current version, and the
 * settings and privacy centre wherever they were asked for (footer, settings screen, banner).
 */
export function CookieConsentHost() {
  const [consent, setConsent] = useState(() => readCookieConsent());
  const { panel, owner } = useCookiePanel();
  // A dialog left open belongs to this frame: the next one starts closed.
  useEffect(() => closeCookiePanel, []);
  const decide = (choice: CookieChoice) => {
    setConsent(saveCookieConsent(choice));
    closeCookiePanel();
  };
  return (
    <>
      {!consent && <CookieBanner onDecide={decide} />}
      <Suspense fallback={null}>
        {panel === 'settings' && (
          <CookieSettingsDialog initial={consent ?? necessaryOnlyChoice} onSave={decide} onClose={closeCookiePanel} />
        )}
        {panel === 'privacy' && (
          <PrivacyDialog
            open
            onClose={closeCookiePanel}
            ownerPrivacyUrl={owner?.privacyUrl ?? null}
            companyName={owner?.companyName ?? ''}
          />
        )}
      </Suspense>
    </>
  );
}
