import { nowSeconds, stripeId } from './stripe-checkout-session.ts';
import type { SimAccount, SimAccountLink, SimRefund } from './stripe-connect-account.ts';
import { SimStripeError } from './stripe-errors.ts';
import type { StripeSessionStore } from './stripe-session-store.ts';

// Stripe's Account Links are short-lived ("a few minutes"); an expired one sends the owner to refresh_url.
const ACCOUNT_LINK_LIFETIME_SECONDS = 300;

/** Stripe's answer for an account the platform has no access to, or that does not exist (403 on every endpoint). */
export function noAccessToAccount(id: string): SimStripeError {
  return new SimStripeError(
    403,
    'invalid_request_error',
    `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
    'account_invalid',
  );
}

/**
 * Stripe Connect (Sign & Pay's payee side): standard accounts made through the API, onboarded by their owner on
 * the onboarding page an Account Link opens (or by a test's control), and full refunds of payments made on them.
 * Each change of an account is announced as Stripe's `account.updated`.
 */
export class StripeConnectBook {
  readonly #store: StripeSessionStore;
  readonly #emit: (type: 'account.updated', account: SimAccount) => void;

  constructor(store: StripeSessionStore, emit: (type: 'account.updated', account: SimAccount) => void) {
    this.#store = store;
    this.#emit = emit;
  }

  createAccount(fields: Pick<SimAccount, 'country' | 'email' | 'metadata'>): SimAccount {
    const account: SimAccount = {
      id: stripeId('acct'),
      created: nowSeconds(),
      ...fields,
      detailsSubmitted: false,
      chargesEnabled: false,
    };
    this.#store.saveRecord('accounts', account);
    return account;
  }

  findAccount(id: string): SimAccount {
    const account = this.#store.getRecord<SimAccount>('accounts', id);
    if (!account) throw noAccessToAccount(id);
    return account;
  }

  listAccounts(): SimAccount[] {
    return this.#store.listRecords<SimAccount>('accounts');
  }

  /** Stripe refuses a payment on an account that cannot take charges yet (onboarding not finished). */
  assertCanCharge(id: string): SimAccount {
    const account = this.findAccount(id);
    if (account.chargesEnabled) return account;
    throw new SimStripeError(
      400,
      'invalid_request_error',
      `The account ${id} cannot currently make charges: its onboarding is not complete (charges_enabled is false).`,
      'capability_not_active',
    );
  }

  /** The owner submitted the onboarding page: details submitted, charges enabled, and `account.updated` sent. */
  completeOnboarding(id: string): SimAccount {
    const account = this.findAccount(id);
    if (account.chargesEnabled && account.detailsSubmitted) return account;
    Object.assign(account, { detailsSubmitted: true, chargesEnabled: true });
    this.#store.saveRecord('accounts', account);
    this.#emit('account.updated', account);
    return account;
  }

  createAccountLink(fields: Pick<SimAccountLink, 'account' | 'returnUrl' | 'refreshUrl'> & { pageBase: string }) {
    this.findAccount(fields.account);
    const id = stripeId('acctlink');
    const created = nowSeconds();
    const { pageBase, ...rest } = fields;
    const link: SimAccountLink = {
      id,
      created,
      ...rest,
      expiresAt: created + ACCOUNT_LINK_LIFETIME_SECONDS,
      pageUrl: `${pageBase}/connect/onboarding/${id}`,
      isUsed: false,
    };
    this.#store.saveRecord('account_links', link);
    return link;
  }

  /** The link, and whether it can still be used; an unknown one is a 404. */
  findAccountLink(id: string): { link: SimAccountLink; isUsable: boolean } {
    const link = this.#store.getRecord<SimAccountLink>('account_links', id);
    if (!link)
      throw new SimStripeError(404, 'invalid_request_error', `No such account link: '${id}'`, 'resource_missing');
    return { link, isUsable: !link.isUsed && link.expiresAt > nowSeconds() };
  }

  /** The page was submitted: the link is spent (a second visit goes to refresh_url) and the account onboarded. */
  submitOnboarding(linkId: string): SimAccountLink | undefined {
    const { link, isUsable } = this.findAccountLink(linkId);
    if (!isUsable) return undefined;
    link.isUsed = true;
    this.#store.saveRecord('account_links', link);
    this.completeOnboarding(link.account);
    return link;
  }

  /**
   * A full refund of a paid PaymentIntent on the same account (null: our own). Another account's PaymentIntent is
   * as unknown as a made-up one, as Stripe answers; a second refund of it is Stripe's `charge_already_refunded`.
   */
  createRefund(input: { account: string | null; paymentIntent: string; metadata: Record<string, string> }): SimRefund {
    const session = this.#store
      .list()
      .find((s) => s.paymentIntent === input.paymentIntent && (s.connectedAccount ?? null) === input.account);
    if (!session) {
      throw new SimStripeError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${input.paymentIntent}'`,
        'resource_missing',
        'payment_intent',
      );
    }
    if (session.paymentStatus !== 'paid') {
      throw new SimStripeError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${input.paymentIntent}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    if (this.listRefunds().some((refund) => refund.paymentIntent === input.paymentIntent)) {
      throw new SimStripeError(
        400,
        'invalid_request_error',
        `The charge of PaymentIntent ${input.paymentIntent} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const refund: SimRefund = {
      id: stripeId('re'),
      created: nowSeconds(),
      account: input.account,
      paymentIntent: input.paymentIntent,
      amount: session.amountTotal,
      currency: session.currency,
      metadata: input.metadata,
      status: 'succeeded',
    };
    this.#store.saveRecord('refunds', refund);
    return refund;
  }

  listRefunds(): SimRefund[] {
    return this.#store.listRecords<SimRefund>('refunds');
  }
}
