import type { PaymentSession } from '@signlink/contracts/billing/top-up';
import { findPaymentSessionRoute } from '@signlink/contracts/billing/top-up.routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { balanceQueryPaths, receiptsQueryPath } from '../../api/billing-api.ts';
import { useSession } from '../../api/session-context.tsx';
import { useApiQuery } from '../../api/use-api-query.ts';

/** How often a pending payment is asked about, and for how long before the page stops asking. */
export const paymentPolling = { intervalMs: 1_500, limitMs: 60_000 };

const isFinal = (session: PaymentSession | undefined) => session !== undefined && session.Status !== 'pending';

/**
 * The payment of a return page (`GET sessions/{id}`), asked again while it is pending, until it is final or a minute
 * has passed (a bank debit can take days; the webhook credits it then). `isPolling` false asks once. Once paid, the
 * balance screens, the receipts and the header's balances load again.
 */
export function usePaymentSession(id: string, { isPolling }: { isPolling: boolean }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const [hasGivenUp, setHasGivenUp] = useState(false);
  const hasRefreshed = useRef(false);
  const payment = useApiQuery(
    findPaymentSessionRoute,
    { params: { id } },
    { silent: true },
    {
      retry: false,
      gcTime: 0,
      refetchIntervalInBackground: true,
      refetchInterval: (query) =>
        isPolling && !hasGivenUp && !isFinal(query.state.data) && query.state.error?.status !== 404
          ? paymentPolling.intervalMs
          : false,
    },
  );

  useEffect(() => {
    if (!isPolling) return;
    const timer = setTimeout(() => setHasGivenUp(true), paymentPolling.limitMs);
    return () => clearTimeout(timer);
  }, [isPolling]);

  const isPaid = payment.data?.Status === 'paid';
  useEffect(() => {
    if (!isPaid || hasRefreshed.current) return;
    hasRefreshed.current = true;
    const paths = [...Object.values(balanceQueryPaths), receiptsQueryPath];
    for (const path of paths) void queryClient.invalidateQueries({ queryKey: ['api', path] });
    void session.reload();
  }, [isPaid, queryClient, session]);

  return { payment, hasGivenUp: hasGivenUp && !isFinal(payment.data) };
}
