/**
 * SPEC section 2: on entry the app reads the first path segment and moves to the hash route before the router
 * starts. Pure, so every case is unit-tested; main.tsx applies the result.
 */

/** SPEC section 2's first path segments that name a screen: `/login?x=1` becomes `/#/login?x=1`. */
export const specRouteNames = [
  'login',
  'dashboard',
  'inbox',
  'sent',
  'archived',
  'templates',
  'links',
  'create',
  'sign-and-send',
  'sign-up',
  'bankid',
  'createaccount',
  'resetpin',
  'paymentsuccess',
  'paymentreturn',
  'subscriptionpaymentreturn',
  'oauth',
] as const;

/**
 * Issue 3 adds the developer mailbox (`/dev/mailbox`), so the address a person types or the server prints opens it.
 * No document link id can be `dev`: link codes are at least eight upper-case letters and digits.
 */
export const developerRouteNames = ['dev'] as const;

export const hashRouteNames = [...specRouteNames, ...developerRouteNames] as const;

/** The query parameter that carries a document link id to the recipient view (route `/`). */
export const linkIdParam = 'link';

/** Paths a static server may hand us for the app itself; they are not link ids. */
const appDocumentPaths = new Set(['index.html']);

export interface EntryLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** Where the app should be instead, as a path plus hash (`/#/...`), or null when it is already there. */
export function entryRedirect(location: EntryLocation, homeRoute: string): string | null {
  const segments = location.pathname.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const query = location.search.startsWith('?') ? location.search.slice(1) : location.search;

  if (first && !appDocumentPaths.has(first)) {
    if ((hashRouteNames as readonly string[]).includes(first)) {
      return `/#/${segments.join('/')}${query ? `?${query}` : ''}`;
    }
    // Any other non-empty path is a document link id; it goes to the recipient view with the query kept.
    const params = new URLSearchParams(query);
    params.delete(linkIdParam);
    const rest = params.toString();
    return `/#/?${linkIdParam}=${encodeURIComponent(decodeSegment(first))}${rest ? `&${rest}` : ''}`;
  }

  if (isHashRoot(location.hash)) return `/#${homeRoute}${query ? `?${query}` : ''}`;
  return null;
}

/** `#/`, `#` and no hash at all are the root; `#/?link=X` is not (it is the recipient view). */
function isHashRoot(hash: string): boolean {
  return hash === '' || hash === '#' || hash === '#/';
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
