/**
 * The recipient's first calls as the entry (main.tsx, preload-link.ts) started them, before React and the page's
 * chunks had loaded, kept for the page's own calls to pick up instead of asking again.
 *
 * A kept call serves every caller while it is in flight (StrictMode's trial mount asks twice in development) and
 * then one more: once it has settled and been taken it is gone, so a retry (a 408's, SPEC section 4) or a later
 * access after the RequestToken expired is a fresh call, as it would be without the entry's head start. A reusable
 * one (a file's bytes, keyed by its RequestToken, the same for as long as the token lives) serves every caller: a
 * render that React discards and redoes asks again.
 */
interface KeptCall {
  promise: Promise<unknown>;
  isSettled: boolean;
  isTaken: boolean;
  isReusable: boolean;
}

const keptCalls = new Map<string, KeptCall>();

export const preloadedCallKeys = {
  details: (linkId: string) => `details:${linkId}`,
  access: (linkId: string) => `access:${linkId}`,
  file: (requestToken: string, code: string) => `file:${requestToken}:${code}`,
};

export function keepPreloadedCall(
  key: string,
  promise: Promise<unknown>,
  { isReusable = false }: { isReusable?: boolean } = {},
): void {
  const kept: KeptCall = { promise, isSettled: false, isTaken: false, isReusable };
  const settle = () => {
    kept.isSettled = true;
    if (kept.isTaken && !kept.isReusable && keptCalls.get(key) === kept) keptCalls.delete(key);
  };
  // The page reports a failure when it takes the call; one never taken must not be an unhandled rejection.
  promise.then(settle, settle);
  keptCalls.set(key, kept);
}

/** The entry's call for `key`, if it made one that is still to be used; else the caller asks itself. */
export function takePreloadedCall<T>(key: string): Promise<T> | undefined {
  const kept = keptCalls.get(key);
  if (!kept) return undefined;
  kept.isTaken = true;
  if (kept.isSettled && !kept.isReusable) keptCalls.delete(key);
  return kept.promise as Promise<T>;
}
