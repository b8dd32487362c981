/**
 * Where login or sign-up returns to, for a screen that needs a signed-in person first: the signed-in screens a
 * signed-out visitor opened (router.tsx's guard), and the invitation of /register/{id}. Kept in sessionStorage rather
 * than in the route's state: sign-up moves between steps and tabs, and a BankID login may reload the page, yet the
 * tab should still come back.
 */
const returnToKey = 'signlink.returnTo';

/** Where a person lands once signed in, when nothing asked to come back. */
export const signedInHome = '/dashboard';

/**
 * Only a path of the app's own hash routes, with its query: one leading slash (a second would read as another host),
 * no hash, no spaces or quotes. A crafted value cannot send the person elsewhere.
 */
const allowed = /^\/(?![/\\])[A-Za-z0-9_\-./]*(\?[^\s#"'<>\\]*)?$/;

export function rememberReturnTo(path: string): void {
  try {
    if (allowed.test(path)) sessionStorage.setItem(returnToKey, path);
  } catch {
    // Storage refused (private mode): the person lands on the dashboard and opens the link again.
  }
}

export function readReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(returnToKey);
    return path && allowed.test(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(returnToKey);
  } catch {
    // Nothing kept.
  }
}
