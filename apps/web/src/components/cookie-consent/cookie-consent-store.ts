import { cookieConsentVersion } from '@signlink/contracts/constants';

/**
 * The visitor's cookie choice (SPEC section 2: necessary, functional, analytical, advertising; section 9: version 3),
 * kept in localStorage as necessary storage itself: without it the banner would come back on every page.
 *
 * What the app stores today, and why it may be written before a choice:
 * - necessary: the access token (auth-store.ts), the language the visitor chose (language-store.ts: a setting the
 *   visitor asked for), the page to return to after logging in (return-to.ts), a link gate's session
 *   (access-session.ts) and what a signer typed, per tab (form-values-storage.ts); all serve what the visitor asked.
 * - functional: that the sender's messages were read on this device (sender-messages-dialog.tsx), only with consent.
 * - analytical, advertising: nothing yet; whatever comes must ask `hasConsentTo` first.
 * The app writes no cookies (document.cookie).
 */
export const cookieConsentStorageKey = 'signlink.cookieConsent';

export const optionalCookieCategories = ['functional', 'analytical', 'advertising'] as const;
export type OptionalCookieCategory = (typeof optionalCookieCategories)[number];
export type CookieChoice = Record<OptionalCookieCategory, boolean>;

export interface CookieConsent extends CookieChoice {
  necessary: true;
  version: number;
  /** When the visitor chose, in UTC (ISO 8601). */
  decidedAt: string;
}

export const acceptAllChoice: CookieChoice = { functional: true, analytical: true, advertising: true };
export const necessaryOnlyChoice: CookieChoice = { functional: false, analytical: false, advertising: false };

/** Keys of optional storage, by category: removed when the visitor declines it (or withdraws consent). */
export const optionalStoragePrefixes: Record<OptionalCookieCategory, readonly string[]> = {
  functional: ['signlink.recipient.messagesSeen.'],
  analytical: [],
  advertising: [],
};

/** The record a choice is stored as; e2e journeys write one before the page loads. */
export function cookieConsentRecord(choice: CookieChoice, now: Date = new Date()): CookieConsent {
  return { necessary: true, ...pickChoice(choice), version: cookieConsentVersion, decidedAt: now.toISOString() };
}

/** The stored choice if it answers the current version; otherwise null, and the visitor is asked again. */
export function readCookieConsent(storage: Storage | undefined = globalThis.localStorage): CookieConsent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(cookieConsentStorageKey) ?? 'null');
  } catch {
    return null;
  }
  if (!isConsentRecord(parsed) || parsed.version !== cookieConsentVersion) return null;
  return cookieConsentRecord(parsed, new Date(parsed.decidedAt));
}

/** Stores the choice with the current version and time, and removes what a declined category had stored. */
export function saveCookieConsent(
  choice: CookieChoice,
  storage: Storage | undefined = globalThis.localStorage,
  now: Date = new Date(),
): CookieConsent {
  const consent = cookieConsentRecord(choice, now);
  try {
    storage?.setItem(cookieConsentStorageKey, JSON.stringify(consent));
    for (const category of optionalCookieCategories) if (!consent[category]) removeStored(storage, category);
  } catch {
    // Private modes may refuse storage: the choice holds for this page, and the banner asks again next time.
  }
  return consent;
}

/** Whether optional storage of this category may be written: only after the visitor said yes to it. */
export function hasConsentTo(
  category: OptionalCookieCategory,
  storage: Storage | undefined = globalThis.localStorage,
): boolean {
  return readCookieConsent(storage)?.[category] === true;
}

function pickChoice(choice: CookieChoice): CookieChoice {
  return { functional: choice.functional, analytical: choice.analytical, advertising: choice.advertising };
}

function isConsentRecord(value: unknown): value is CookieConsent {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.version === 'number' &&
    typeof record.decidedAt === 'string' &&
    !Number.isNaN(Date.parse(record.decidedAt)) &&
    optionalCookieCategories.every((category) => typeof record[category] === 'boolean')
  );
}

function removeStored(storage: Storage | undefined, category: OptionalCookieCategory) {
  if (!storage) return;
  const prefixes = optionalStoragePrefixes[category];
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
  for (const key of keys) if (prefixes.some((prefix) => key.startsWith(prefix))) storage.removeItem(key);
}
