import { cookieConsentVersion } from '@signlink/contracts/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  acceptAllChoice,
  cookieConsentStorageKey,
  hasConsentTo,
  necessaryOnlyChoice,
  readCookieConsent,
  saveCookieConsent,
} from './cookie-consent-store.ts';

const storedRecord = () => JSON.parse(localStorage.getItem(cookieConsentStorageKey) ?? 'null');

beforeEach(() => {
  localStorage.clear();
});

describe('the cookie consent store', () => {
  it('has no choice on a first visit, and consents to nothing optional', () => {
    expect(readCookieConsent()).toBeNull();
    expect(hasConsentTo('functional')).toBe(false);
  });

  it('stores the choice with version 3 and the UTC time, and reads it back', () => {
    const now = new Date('2026-11-28T09:15:00+01:00');
    saveCookieConsent({ functional: true, analytical: false, advertising: false }, localStorage, now);
    expect(cookieConsentVersion).toBe(3);
    expect(storedRecord()).toEqual({
      necessary: true,
      functional: true,
      analytical: false,
      advertising: false,
      version: 3,
      decidedAt: '2026-11-28T08:15:00.000Z',
    });
    expect(readCookieConsent()).toEqual(storedRecord());
    expect(hasConsentTo('functional')).toBe(true);
    expect(hasConsentTo('analytical')).toBe(false);
  });

  it('asks again when the stored choice answered another version', () => {
    saveCookieConsent(acceptAllChoice);
    localStorage.setItem(cookieConsentStorageKey, JSON.stringify({ ...storedRecord(), version: 2 }));
    expect(readCookieConsent()).toBeNull();
    expect(hasConsentTo('advertising')).toBe(false);
  });

  it('ignores a damaged record', () => {
    localStorage.setItem(cookieConsentStorageKey, '{not json');
    expect(readCookieConsent()).toBeNull();
    localStorage.setItem(cookieConsentStorageKey, JSON.stringify({ version: 3, decidedAt: 'x', functional: 'yes' }));
    expect(readCookieConsent()).toBeNull();
  });

  it('removes what a declined category stored, and only that', () => {
    saveCookieConsent(acceptAllChoice);
    localStorage.setItem('signlink.recipient.messagesSeen.LINKONE', '1');
    localStorage.setItem('signlink.language', 'sv');
    saveCookieConsent(necessaryOnlyChoice);
    expect(localStorage.getItem('signlink.recipient.messagesSeen.LINKONE')).toBeNull();
    expect(localStorage.getItem('signlink.language')).toBe('sv');
    expect(storedRecord()).toMatchObject({ functional: false, analytical: false, advertising: false });
  });
});
