import { emailCodeAlphabet, limits } from '@signlink/contracts/constants';
import { describe, expect, it } from 'vitest';
import { generateCode, generateCodeToken, hashCode, isSameHash, normaliseTypedCode } from './one-time-code.ts';

const samples = 5000;

describe('one-time codes', () => {
  it('draws SMS codes of exactly four digits, every digit in every place', () => {
    const codes = Array.from({ length: samples }, () => generateCode('sms'));
    for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    expect(limits.smsCodeDigits).toBe(4);
    for (let place = 0; place < 4; place += 1) {
      expect(new Set(codes.map((code) => code[place])).size).toBe(10);
    }
  });

  it('draws e-mail codes of six characters from the alphabet without look-alikes, using all of it', () => {
    const codes = Array.from({ length: samples }, () => generateCode('email'));
    for (const code of codes) {
      expect(code).toHaveLength(limits.emailCodeLength);
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    }
    const seen = new Set(codes.join(''));
    expect([...seen].sort().join('')).toBe([...emailCodeAlphabet].sort().join(''));
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(seen.has(lookAlike)).toBe(false);
  });

  it('makes 24-byte URL-safe tokens that do not repeat', () => {
    const tokens = Array.from({ length: 1000 }, generateCodeToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('keys the hash by the secret and binds it to the token', () => {
    const hash = hashCode('secret-one', 'token-a', '1234');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(isSameHash(hash, hashCode('secret-one', 'token-a', '1234'))).toBe(true);
    expect(isSameHash(hash, hashCode('secret-two', 'token-a', '1234'))).toBe(false);
    expect(isSameHash(hash, hashCode('secret-one', 'token-b', '1234'))).toBe(false);
    expect(isSameHash(hash, hashCode('secret-one', 'token-a', '1235'))).toBe(false);
    expect(isSameHash(hash, 'not hex')).toBe(false);
  });

  it('reads a typed code without surrounding spaces, and e-mail codes in any case', () => {
    expect(normaliseTypedCode('email', '  ab3xyz ')).toBe('AB3XYZ');
    expect(normaliseTypedCode('sms', ' 0421\n')).toBe('0421');
  });
});
