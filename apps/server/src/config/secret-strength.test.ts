import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimateSecretBits, minimumSecretBits } from './secret-strength.ts';

describe('a production secret’s strength (issue 20)', () => {
  it('passes secrets made as the error message says, and other random ones', () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      expect(estimateSecretBits(randomBytes(32).toString('base64'))).toBeGreaterThanOrEqual(minimumSecretBits);
      expect(estimateSecretBits(randomBytes(32).toString('hex'))).toBeGreaterThanOrEqual(minimumSecretBits);
      expect(estimateSecretBits(randomBytes(32).toString('base64url'))).toBeGreaterThanOrEqual(minimumSecretBits);
    }
  });

  it('refuses long strings of few or repeated characters, and short random ones', () => {
    for (const weak of [
      'a'.repeat(64),
      'ab'.repeat(32),
      '0123456789abcdef'.repeat(2),
      'passwordpasswordpasswordpassword',
      randomBytes(12).toString('hex'),
    ]) {
      expect(estimateSecretBits(weak), weak).toBeLessThan(minimumSecretBits);
    }
  });
});
