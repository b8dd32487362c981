/**
 * Where login or sign-up returns to, for a screen that needs a signed-in person first (the invitation of
 * /register/{id}). Kept in sessionStorage rather than in the route's state: sign-up moves between steps and tabs, and
 * a BankID login may reload the page, yet the tab should still come back.
 */
const returnToKey = 'signlink.returnTo';

/** Only the app's own hash routes, so a crafted value cannot send the person elsewhere. */
const allowed = /^\/register\/[A-Za-z0-9_-]+$/;

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
