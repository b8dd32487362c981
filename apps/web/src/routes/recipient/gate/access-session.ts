import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';

/**
 * The access a recipient earned at a link's gate, kept in this tab's sessionStorage until its RequestToken expires,
 * so that a reload (or a phone that dropped the page) does not ask for a new code. sessionStorage, not
 * localStorage: it dies with the tab, is not shared with other tabs, and the token proves only this link's gate.
 */
const keyOf = (linkId: string) => `signlink.linkAccess.${linkId.toUpperCase()}`;

export function keepAccess(storage: Storage, linkId: string, access: LinkAccessResponse): void {
  try {
    storage.setItem(keyOf(linkId), JSON.stringify(access));
  } catch {
    // Storage full or refused (private mode): the next reload asks for a code, as before.
  }
}

/** The kept access while its token lives (with a minute to spare for the call it will make), else null. */
export function keptAccess(storage: Storage, linkId: string, now = Date.now()): LinkAccessResponse | null {
  let access: LinkAccessResponse | null = null;
  try {
    access = JSON.parse(storage.getItem(keyOf(linkId)) ?? 'null') as LinkAccessResponse | null;
  } catch {
    access = null;
  }
  if (!access?.RequestToken || !(Date.parse(access.TokenExpiresAt) - 60_000 > now)) {
    forgetAccess(storage, linkId);
    return null;
  }
  return access;
}

export function forgetAccess(storage: Storage, linkId: string): void {
  try {
    storage.removeItem(keyOf(linkId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
