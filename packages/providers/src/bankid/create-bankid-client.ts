import type { BankIdClient } from './bankid.port.ts';
import { type BankIdRpConfig, createBankIdRpClient } from './bankid-rp.adapter.ts';

export type BankIdClientConfig = { driver: 'rp' } & BankIdRpConfig;

/** The one place that picks the BankID adapter from configuration (BankID's RP API, or its simulator via `apiUrl`). */
export function createBankIdClient(config: BankIdClientConfig): BankIdClient {
  switch (config.driver) {
    case 'rp': {
      const { driver: _driver, ...rp } = config;
      return createBankIdRpClient(rp);
    }
    default: {
      // With a single driver the config itself does not narrow to never; its discriminant does.
      const driver: never = config.driver;
      throw new Error(`Unknown BankID driver: ${driver as string}`);
    }
  }
}
