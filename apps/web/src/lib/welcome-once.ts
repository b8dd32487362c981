import type { AuthState } from '@signlink/contracts/auth/auth-state';

/**
 * The welcome (/welcome, SPEC section 2) shows once per user: the login that made the user or the company says so
 * (`IsNewUser`, `IsNewCompany` of the auth state, set only in that answer), and this browser remembers the user saw
 * it, so a second sign-up answer or a reload does not bring it back. Necessary storage: it keeps a screen from
 * repeating, nothing about the person beyond their id.
 */
const welcomedKeyPrefix = 'signlink.welcomed.';

export const welcomePath = '/welcome';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function hasBeenWelcomed(storage: Storage, userId: string): boolean {
  try {
    return storage.getItem(welcomedKeyPrefix + userId) !== null;
  } catch {
    // Storage refused (private mode): better to skip the welcome than to show it at every login.
    return true;
  }
}

export function rememberWelcomed(storage: Storage, userId: string): void {
  try {
    storage.setItem(welcomedKeyPrefix + userId, new Date().toISOString());
  } catch {
    // Nothing kept; the flags are gone at the next login anyway.
  }
}

/** Whether this login's answer should land on the welcome rather than the dashboard. */
export function shouldWelcome(auth: AuthState, storage: Storage): boolean {
  return (auth.IsNewUser || auth.IsNewCompany) && !hasBeenWelcomed(storage, auth.user.UserId);
}
