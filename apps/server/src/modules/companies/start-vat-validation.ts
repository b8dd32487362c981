import { createVatValidator } from '@signlink/providers/vat/create-vat-validator';
import type { VatValidator } from '@signlink/providers/vat/vat-validation.port';
import { type RunningViesSimulator, startViesSimulator } from '@signlink/simulators/vat/vies-simulator';
import type { Config } from '../../config/config.ts';

export interface RunningVatValidation {
  /** Absent when VAT_VALIDATION=off, or simulators are off outside production: VAT numbers cannot be checked. */
  validator: VatValidator | undefined;
  /** The stand-in, when simulators are on: tests steer it and read its test VAT numbers. */
  simulator: RunningViesSimulator | undefined;
  stop(): Promise<void>;
}

/**
 * Opens VAT validation as configured: the European Commission's VIES (or VIES_URL), or, with simulators on, our
 * simulator of the same REST API on loopback, so the real VIES client runs in development and tests (DECISIONS
 * "Real providers and their simulators").
 */
export async function startVatValidation(config: Pick<Config, 'vatValidation'>): Promise<RunningVatValidation> {
  if (config.vatValidation?.driver === 'vies') {
    return { validator: createVatValidator(config.vatValidation), simulator: undefined, stop: async () => {} };
  }
  if (config.vatValidation?.driver === 'simulator') {
    const { driver: _driver, ...options } = config.vatValidation;
    const simulator = await startViesSimulator();
    const validator = createVatValidator({ driver: 'vies', apiUrl: simulator.url, ...options });
    return { validator, simulator, stop: () => simulator.close() };
  }
  return { validator: undefined, simulator: undefined, stop: async () => {} };
}
