import { describe, expect, it } from 'vitest';
import { isRecipientLocation, parseHashLocation } from './hash-location.ts';

describe('hash location', () => {
  it('reads the path and query as the hash router does', () => {
    expect(parseHashLocation('#/?link=ABC&debugme')).toEqual({ pathname: '/', search: '?link=ABC&debugme' });
    expect(parseHashLocation('#/login?x=1#part')).toEqual({ pathname: '/login', search: '?x=1' });
    expect(parseHashLocation('#login')).toEqual({ pathname: '/login', search: '' });
    expect(parseHashLocation('')).toEqual({ pathname: '/', search: '' });
  });

  it('knows a document link from every other route', () => {
    expect(isRecipientLocation(parseHashLocation('#/?link=ABC123'))).toBe(true);
    expect(isRecipientLocation(parseHashLocation('#/?debugme&link='))).toBe(true);
    expect(isRecipientLocation(parseHashLocation('#/?debugme'))).toBe(false);
    expect(isRecipientLocation(parseHashLocation('#/login?link=ABC123'))).toBe(false);
    expect(isRecipientLocation(parseHashLocation('#/dashboard'))).toBe(false);
  });
});
