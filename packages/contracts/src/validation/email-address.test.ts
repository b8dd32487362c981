import { describe, expect, it } from 'vitest';
import { normalizeEmailAddress } from './email-address.ts';

describe('normalizeEmailAddress', () => {
  it('trims and lower-cases the domain only', () => {
    expect(normalizeEmailAddress('  Erik.Johansson@Example.COM ')).toEqual({
      isValid: true,
      address: 'Erik.Johansson@example.com',
    });
  });

  it('refuses what is not an address', () => {
    for (const input of [
      '',
      'erik',
      'erik@',
      '@example.com',
      'erik@example',
      'a b@example.com',
      `${'a'.repeat(250)}@x.se`,
    ]) {
      expect(normalizeEmailAddress(input), input).toEqual({ isValid: false });
    }
  });
});
