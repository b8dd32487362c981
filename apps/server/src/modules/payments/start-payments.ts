import path from 'node:path';
import { createPaymentsProvider } from '@signlink/providers/payments/create-payments-provider';
import type { PaymentsProvider } from '@signlink/providers/payments/payments.port';
import { createFolderStripeSessionStore } from '@signlink/simulators/stripe/stripe-session-store';
import { type RunningStripeSimulator, startStripeSimulator } from '@signlink/simulators/stripe/stripe-simulator';
import { StripeSimulatorControls } from '@signlink/simulators/stripe/stripe-simulator-controls';
import type { Config } from '../../config/config.ts';
import type { PublicUrls } from '../../config/public-urls.ts';

/** Throwaway keys the local Stripe stand-in accepts; it signs its webhooks with the secret. */
export const simulatorStripeAccount = {
  secretKey: 'sk_test_signlink_simulator',
  webhookSecret: 'whsec_signlink_simulator',
};

/** Where Stripe (or the simulator) posts its events; the billing module serves it. */
export const stripeWebhookPath = '/v2/linktinker/payments/stripe/webhook';
/** Where our server mounts the simulator's checkout page and controls (plugins/simulators.ts). */
export const stripeSimulatorPath = '/sim/stripe';

declare module '../../jobs/job-definition.ts' {
  interface JobServices {
    /** Card payments, for reconciling pending ones with Stripe; `provider` is absent when none is configured. */
    payments: Pick<RunningPayments, 'provider'>;
  }
}

export interface RunningPayments {
  /** Absent when Stripe is not configured and simulators are off: nothing can be paid by card. */
  provider: PaymentsProvider | undefined;
  /** The stand-in, when simulators are on: its checkout page pays, its controls steer tests. */
  simulator: RunningStripeSimulator | undefined;
  stop(): Promise<void>;
}

/**
 * Opens card payments as configured: Stripe with the configured keys, or, with simulators on, our Stripe simulator's
 * API on loopback with keys made for it, so the official SDK runs in development and tests. Its checkout page is
 * served by our own server under /sim/stripe and its webhooks come back to our own webhook route; both addresses
 * are read when used, since with PORT=0 the port is known only once the server listens. Its sessions live in the
 * data folder, so every process on it (an API, a worker, one restarted) knows the sessions any of them created.
 */
export async function startPayments({
  config,
  publicUrls,
}: {
  config: Pick<Config, 'payments' | 'simulatorDir'>;
  publicUrls: PublicUrls;
}): Promise<RunningPayments> {
  if (config.payments?.driver === 'stripe') {
    return { provider: createPaymentsProvider(config.payments), simulator: undefined, stop: async () => {} };
  }
  if (config.payments?.driver === 'simulator') {
    const origin = () => publicUrls.forBrand('signlink');
    const controls = new StripeSimulatorControls({
      webhookSecret: simulatorStripeAccount.webhookSecret,
      webhookUrl: () => `${origin()}${stripeWebhookPath}`,
      store: createFolderStripeSessionStore(path.join(config.simulatorDir, 'stripe')),
    });
    const simulator = await startStripeSimulator({
      secretKey: simulatorStripeAccount.secretKey,
      checkoutBaseUrl: () => `${origin()}${stripeSimulatorPath}`,
      controls,
    });
    const provider = createPaymentsProvider({ driver: 'stripe', ...simulatorStripeAccount, apiUrl: simulator.url });
    return { provider, simulator, stop: () => simulator.close() };
  }
  return { provider: undefined, simulator: undefined, stop: async () => {} };
}
