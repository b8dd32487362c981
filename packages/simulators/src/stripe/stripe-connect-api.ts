import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { presentAccount, presentAccountLink, presentRefund } from './stripe-connect-account.ts';
import { fieldAt, type StripeForm } from './stripe-form.ts';
import { connectedAccountOf, replayIdempotent } from './stripe-idempotency.ts';
import { invalid, metadataOf, required } from './stripe-params.ts';
import type { StripeSimulatorControls } from './stripe-simulator-controls.ts';

/*
 * The part of Stripe's REST API (v1) that Stripe Connect onboarding and refunds take: standard connected accounts
 * (create, retrieve), Account Links of type `account_onboarding`, and full refunds of a PaymentIntent on the account
 * named by `Stripe-Account`. Registered inside the API plugin, so it shares its key check, form parser and errors.
 */

type ApiRequest = FastifyRequest<{ Params: { id: string }; Body: string | undefined }>;

const optional = (form: StripeForm, name: string) => {
  const value = fieldAt(form, [name]);
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The pages a tester visits, e.g. return_url; Stripe wants an absolute http(s) address. */
function url(form: StripeForm, name: string): string {
  const value = required(form, [name]);
  if (!/^https?:\/\//.test(value)) throw invalid(`Not a valid URL: ${name}.`, name, 'url_invalid');
  return value;
}

export const stripeConnectApiPlugin: FastifyPluginAsync<{
  controls: StripeSimulatorControls;
  pageBaseUrl: () => string;
}> = async (app, { controls, pageBaseUrl }) => {
  const book = controls.connect;

  app.post('/v1/accounts', async (req: ApiRequest, reply) =>
    replayIdempotent(controls.store, req, reply, (form) => {
      const type = optional(form, 'type');
      if (type !== 'standard') {
        throw invalid(`The simulator only makes standard accounts, not type=${type ?? '(none)'}.`, 'type');
      }
      // Stripe defaults to the platform's country; ours is Swedish.
      const country = (optional(form, 'country') ?? 'SE').toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) throw invalid(`Invalid country: ${country}.`, 'country');
      const account = book.createAccount({ country, email: optional(form, 'email'), metadata: metadataOf(form) });
      return { id: account.id, json: presentAccount(account) };
    }),
  );

  app.get('/v1/accounts/:id', async (req: ApiRequest) => presentAccount(book.findAccount(req.params.id)));

  app.post('/v1/account_links', async (req: ApiRequest, reply) =>
    replayIdempotent(controls.store, req, reply, (form) => {
      const type = required(form, ['type']);
      if (type !== 'account_onboarding') {
        throw invalid(`The simulator only makes account links of type account_onboarding, not ${type}.`, 'type');
      }
      const link = book.createAccountLink({
        account: required(form, ['account']),
        returnUrl: url(form, 'return_url'),
        refreshUrl: url(form, 'refresh_url'),
        pageBase: pageBaseUrl(),
      });
      return { id: link.id, json: presentAccountLink(link) };
    }),
  );

  app.post('/v1/refunds', async (req: ApiRequest, reply) =>
    replayIdempotent(controls.store, req, reply, (form) => {
      // Sign & Pay refunds a payment in full; a partial refund is nothing we ever make.
      if (fieldAt(form, ['amount']) !== undefined) {
        throw invalid('The simulator only makes full refunds: leave out amount.', 'amount');
      }
      const refund = book.createRefund({
        account: connectedAccountOf(req),
        paymentIntent: required(form, ['payment_intent']),
        metadata: metadataOf(form),
      });
      return { id: refund.id, json: presentRefund(refund) };
    }),
  );
};
