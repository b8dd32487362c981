import type { SignPayOutcome, SignPayPaymentDetails } from '@signlink/contracts/sign-pay/sign-pay';
import { useEffect, useRef, useState } from 'react';
import type { SignPayApi } from './sign-pay-api.ts';
import type { SignPayReturn } from './sign-pay-return.ts';

/** SPEC section 4, payment status polled: every 2 s after the payer came back. */
export const signPayPollMs = 2_000;
/** A checkout still open this long after the way back is not going to settle while the person watches. */
export const openPollLimitMs = 5 * 60_000;
/** A bank debit settles in days: after a minute the page says "we will e-mail you" and stops asking. */
export const pendingPollLimitMs = 60_000;

/** Whether to ask again after an answer, `elapsedMs` after the first question. */
export function shouldPollAgain(outcome: SignPayOutcome, elapsedMs: number): boolean {
  if (outcome === 'open') return elapsedMs < openPollLimitMs;
  if (outcome === 'pending') return elapsedMs < pendingPollLimitMs;
  return false;
}

export interface PaymentStatus {
  /** Null until the first answer. */
  outcome: SignPayOutcome | null;
  isPolling: boolean;
  /** The receipt, once paid. */
  details: SignPayPaymentDetails | null;
  allPaid: boolean;
}

/**
 * The payment's outcome after the way back from the checkout, asked now and every signPayPollMs while the page is
 * visible, until it is final or the limits above pass; `round` asks again from the start ("Check again").
 */
export function usePaymentStatus(input: {
  api: SignPayApi;
  paymentReturn: SignPayReturn;
  round: number;
  onError: (error: unknown) => void;
}): PaymentStatus {
  const { api, paymentReturn, round } = input;
  const [status, setStatus] = useState<PaymentStatus>({
    outcome: null,
    isPolling: true,
    details: null,
    allPaid: false,
  });
  const reportError = useRef(input.onError);
  reportError.current = input.onError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round ("Check again") asks again from the start.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    const startedAt = Date.now();
    setStatus((previous) => ({ ...previous, isPolling: true }));
    const body = { GetPaidPaymentId: paymentReturn.paymentId, Returned: paymentReturn.returned };
    // The payment is made whether or not its receipt loads: a failure here is said, the outcome stays.
    const showReceipt = async () => {
      try {
        const details = await api.details(paymentReturn.paymentId);
        if (!isStopped) setStatus((previous) => ({ ...previous, details }));
      } catch (error) {
        if (!isStopped) reportError.current(error);
      }
    };
    const poll = async () => {
      if (!document.hidden) {
        try {
          const answer = await api.status(body);
          if (isStopped) return;
          const outcome = answer.Outcome;
          const isPolling = shouldPollAgain(outcome, Date.now() - startedAt);
          setStatus({ outcome, isPolling, details: null, allPaid: answer.AllPaid });
          if (outcome === 'success') await showReceipt();
          if (!isPolling) return;
        } catch (error) {
          // Said once, not every 2 s: the person can check again.
          if (isStopped) return;
          reportError.current(error);
          setStatus((previous) => ({ ...previous, isPolling: false }));
          return;
        }
      }
      if (!isStopped) timer = setTimeout(() => void poll(), signPayPollMs);
    };
    void poll();
    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [api, paymentReturn, round]);
  return status;
}
