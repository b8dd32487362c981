import { lazy, Suspense, useState } from 'react';
import { detectInAppBrowser } from '../../lib/in-app-browser.ts';

// Most visitors use a browser of their own: only those in an app load the dialog.
const InAppBrowserDialog = lazy(() =>
  import('./in-app-browser-dialog.tsx').then((m) => ({ default: m.InAppBrowserDialog })),
);

/** Remembered for the tab: a person who chose to stay is not asked again on the next screen. */
const dismissedKey = 'signlink.inAppBrowserDismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(dismissedKey) !== null;
  } catch {
    return false;
  }
}

/** The in-app browser warning (SPEC section 8) where a document link or the login is opened inside an app. */
export function InAppBrowserNotice() {
  const [browser] = useState(() => (wasDismissed() ? null : detectInAppBrowser(navigator.userAgent)));
  const [isOpen, setOpen] = useState(browser !== null);
  if (!browser || !isOpen) return null;
  const close = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(dismissedKey, '1');
    } catch {
      // Not kept: the next screen asks again.
    }
  };
  return (
    <Suspense fallback={null}>
      <InAppBrowserDialog browser={browser} href={window.location.href} onClose={close} />
    </Suspense>
  );
}
