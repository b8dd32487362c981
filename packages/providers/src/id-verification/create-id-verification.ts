import type { IdVerificationProvider } from './id-verification.port.ts';
import { createOnfidoIdVerification, type OnfidoConfig } from './onfido.adapter.ts';

export type IdVerificationConfig = { driver: 'onfido' } & OnfidoConfig;

/** The one place that picks the identity-verification adapter from configuration (Onfido, or its simulator via `apiUrl`). */
export function createIdVerification(config: IdVerificationConfig): IdVerificationProvider {
  switch (config.driver) {
    case 'onfido': {
      const { driver: _driver, ...onfido } = config;
      return createOnfidoIdVerification(onfido);
    }
    default: {
      const driver: never = config.driver;
      throw new Error(`Unknown identity-verification driver: ${driver as string}`);
    }
  }
}
