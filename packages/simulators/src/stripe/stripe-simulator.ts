import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { stripeApiPlugin } from './stripe-api.ts';
import { stripeCheckoutPagePlugin } from './stripe-checkout-page.ts';
import { stripeInvoicePagePlugin } from './stripe-invoice-page.ts';
import { stripeOnboardingPagePlugin } from './stripe-onboarding-page.ts';
import { stripeSimControlPlugin } from './stripe-sim-control.ts';
import { StripeSimulatorControls, type StripeSimulatorControlsOptions } from './stripe-simulator-controls.ts';

/*
 * A Stripe stand-in for Checkout and Connect: the REST API the official SDK calls (at `/v1/...`), the hosted
 * checkout page a tester pays on (`/checkout/:id`), the Connect onboarding page (`/connect/onboarding/:linkId`),
 * signed webhooks to the configured endpoint, and JSON test controls (`/control`).
 *
 * The SDK has options for host, port and protocol but none for a base path (it always calls `/v1/...` from the
 * root), so the API listens on a loopback port of its own rather than under our server's `/sim/stripe`. That also
 * lets a process that serves no HTTP (a worker) and `app.inject` tests reach it. The page and the controls, which a
 * browser must reach, can in addition be mounted on our server (`stripeSimulatorPagesPlugin` under `/sim/stripe`)
 * sharing the same controls, as the BankID simulator does with its tester page.
 */

/** The checkout, invoice and Connect onboarding pages and the JSON controls, for mounting on another server under a prefix such as `/sim/stripe`. */
export const stripeSimulatorPagesPlugin: FastifyPluginAsync<{ controls: StripeSimulatorControls }> = async (
  app,
  { controls },
) => {
  await app.register(stripeCheckoutPagePlugin, { controls });
  await app.register(stripeInvoicePagePlugin, { controls });
  await app.register(stripeOnboardingPagePlugin, { controls });
  await app.register(stripeSimControlPlugin, { prefix: '/control', controls });
};

export type StripeSimulatorOptions = {
  /** The key the API accepts as `Authorization: Bearer …` (`sk_test_…`). */
  secretKey: string;
  /** Where sessions' `url` points: defaults to this listener; our server passes its own `/sim/stripe`. */
  checkoutBaseUrl?: string | (() => string);
  port?: number;
  /** Controls made by the caller (with their store and webhook endpoint), or the options to make them with. */
} & ({ controls: StripeSimulatorControls } | StripeSimulatorControlsOptions);

export interface RunningStripeSimulator {
  /** The API's origin, e.g. `http://127.0.0.1:41234`: the SDK's host, port and protocol. */
  url: string;
  controls: StripeSimulatorControls;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 and a free port unless given one. */
export async function startStripeSimulator(options: StripeSimulatorOptions): Promise<RunningStripeSimulator> {
  const controls = 'controls' in options ? options.controls : new StripeSimulatorControls(options);
  const app = Fastify({ logger: false });
  let url = '';
  const { checkoutBaseUrl } = options;
  const checkoutBase = () => (typeof checkoutBaseUrl === 'function' ? checkoutBaseUrl() : (checkoutBaseUrl ?? url));
  await app.register(stripeApiPlugin, { controls, secretKey: options.secretKey, checkoutBaseUrl: checkoutBase });
  await app.register(stripeSimulatorPagesPlugin, { controls });
  // Deliveries still retrying would post after the test or server that owns them is gone.
  app.addHook('onClose', async () => controls.webhooks.reset());
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return { url, controls, close: () => app.close() };
}
