import { describe, expect, it } from 'vitest';
import { requiredGate } from './link-gate.ts';

const link = (flags: Partial<Record<'requireBankId' | 'requireSms' | 'requireEmail', boolean>>) => ({
  requireBankId: false,
  requireSms: false,
  requireEmail: false,
  ...flags,
});

describe('requiredGate: SPEC section 4 gate order', () => {
  it('asks for BankID first, then SMS, then e-mail, else nothing', () => {
    expect(requiredGate(link({ requireBankId: true, requireSms: true, requireEmail: true }))).toBe('bankid');
    expect(requiredGate(link({ requireSms: true, requireEmail: true }))).toBe('sms');
    expect(requiredGate(link({ requireBankId: true, requireEmail: true }))).toBe('bankid');
    expect(requiredGate(link({ requireEmail: true }))).toBe('email');
    expect(requiredGate(link({}))).toBe('none');
  });
});
