import type { PaymentsProvider } from './payments.port.ts';
import { createStripePaymentsProvider, type StripePaymentsConfig } from './stripe.adapter.ts';

export type PaymentsProviderConfig = { driver: 'stripe' } & StripePaymentsConfig;

/** The one place that picks the payments adapter from configuration (Stripe, or its simulator via `apiUrl`). */
export function createPaymentsProvider(config: PaymentsProviderConfig): PaymentsProvider {
  switch (config.driver) {
    case 'stripe': {
      const { driver: _driver, ...stripe } = config;
      return createStripePaymentsProvider(stripe);
    }
    default: {
      // With a single driver the config itself does not narrow to never; its discriminant does.
      const driver: never = config.driver;
      throw new Error(`Unknown payments driver: ${driver as string}`);
    }
  }
}
