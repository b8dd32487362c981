import { describe, expect, it } from 'vitest';
import { readSignPayReturn, signPayReturnUrl } from './sign-pay-return.ts';
import { openPollLimitMs, pendingPollLimitMs, shouldPollAgain } from './use-payment-status.ts';

describe('the way back from the checkout', () => {
  it('reads the payment and how the payer came back from the hash route’s query', () => {
    expect(readSignPayReturn('#/?link=ABC123&signPayPayment=gpp_1&signPayReturn=cancel')).toEqual({
      paymentId: 'gpp_1',
      returned: 'cancel',
    });
    expect(readSignPayReturn('#/?link=ABC123&signPayPayment=gpp_1&signPayReturn=success')?.returned).toBe('success');
  });

  it('is no way back without both params or with an unknown return', () => {
    expect(readSignPayReturn('#/?link=ABC123')).toBeNull();
    expect(readSignPayReturn('#/?link=ABC123&signPayPayment=gpp_1')).toBeNull();
    expect(readSignPayReturn('#/?link=ABC123&signPayPayment=gpp_1&signPayReturn=hacked')).toBeNull();
    expect(readSignPayReturn('')).toBeNull();
  });

  it('sends the link’s own page as the return address, without an earlier return’s params', () => {
    expect(signPayReturnUrl('https://app.example/#/?link=ABC123')).toBe('https://app.example/#/?link=ABC123');
    expect(
      signPayReturnUrl('https://app.example/#/?link=ABC123&signPayPayment=gpp_1&signPayReturn=cancel&lang=sv'),
    ).toBe('https://app.example/#/?link=ABC123&lang=sv');
  });
});

describe('polling the payment’s status', () => {
  it('goes on while the checkout is open or the debit pending, within their limits, and stops when final', () => {
    expect(shouldPollAgain('open', 0)).toBe(true);
    expect(shouldPollAgain('open', openPollLimitMs)).toBe(false);
    expect(shouldPollAgain('pending', pendingPollLimitMs - 1)).toBe(true);
    expect(shouldPollAgain('pending', pendingPollLimitMs)).toBe(false);
    for (const outcome of ['success', 'failed', 'cancelled'] as const) expect(shouldPollAgain(outcome, 0)).toBe(false);
  });
});
