/**
 * Stripe Connect as the simulator keeps it: connected accounts (`type: standard`), their onboarding links and the
 * refunds made on them; `present…` give Stripe's JSON for each.
 */
export interface SimAccount {
  id: string;
  created: number;
  /** Upper-case ISO 3166-1 alpha-2, as Stripe writes it. */
  country: string;
  email: string | null;
  metadata: Record<string, string>;
  /** Set together when the owner submits the onboarding page: a standard account then takes payments. */
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
}

/** An Account Link of type `account_onboarding`: one visit of the onboarding page, until it expires or is used. */
export interface SimAccountLink {
  id: string;
  created: number;
  account: string;
  returnUrl: string;
  refreshUrl: string;
  expiresAt: number;
  /** The onboarding page, e.g. `http://localhost:3000/sim/stripe/connect/onboarding/acctlink_…`. */
  pageUrl: string;
  isUsed: boolean;
}

export interface SimRefund {
  id: string;
  created: number;
  /** The connected account the payment was made on; null for our own. */
  account: string | null;
  paymentIntent: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  status: 'succeeded';
}

const defaultCurrencyOf = (country: string) => (country === 'SE' ? 'sek' : 'eur');

export function presentAccount(account: SimAccount) {
  return {
    id: account.id,
    object: 'account',
    business_type: null,
    charges_enabled: account.chargesEnabled,
    country: account.country,
    created: account.created,
    default_currency: defaultCurrencyOf(account.country),
    details_submitted: account.detailsSubmitted,
    email: account.email,
    metadata: account.metadata,
    payouts_enabled: account.chargesEnabled,
    type: 'standard',
  };
}

export function presentAccountLink(link: SimAccountLink) {
  return { object: 'account_link', created: link.created, expires_at: link.expiresAt, url: link.pageUrl };
}

export function presentRefund(refund: SimRefund) {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    charge: null,
    created: refund.created,
    currency: refund.currency,
    metadata: refund.metadata,
    payment_intent: refund.paymentIntent,
    reason: null,
    status: refund.status,
  };
}
