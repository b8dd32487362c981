import type { VatValidator } from './vat-validation.port.ts';
import { createViesVatValidator, type ViesConfig } from './vies.adapter.ts';

export type VatValidatorConfig = { driver: 'vies' } & ViesConfig;

/** The one place that picks the VAT validation adapter from configuration (VIES, or its simulator via `apiUrl`). */
export function createVatValidator(config: VatValidatorConfig): VatValidator {
  switch (config.driver) {
    case 'vies': {
      const { driver: _driver, ...vies } = config;
      return createViesVatValidator(vies);
    }
    default: {
      // With a single driver the config itself does not narrow to never; its discriminant does.
      const driver: never = config.driver;
      throw new Error(`Unknown VAT validation driver: ${driver as string}`);
    }
  }
}
