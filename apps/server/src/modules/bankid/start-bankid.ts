import fs from 'node:fs';
import { type BankIdRpClient, createBankIdRpClient } from '@signlink/providers/bankid/bankid-rp.adapter';
import { type RunningBankIdSimulator, startBankIdSimulator } from '@signlink/simulators/bankid/bankid-simulator';
import type { Config } from '../../config/config.ts';

export interface RunningBankId {
  /** Absent when BankID is not configured and simulators are off: orders are then refused. */
  client: BankIdRpClient | undefined;
  /** The stand-in, when simulators are on: tests and the tester page drive its orders. */
  simulator: RunningBankIdSimulator | undefined;
  stop(): Promise<void>;
}

/**
 * Opens BankID's Relying Party API as configured: the real one with the RP certificate (PKCS#12) and the
 * environment's CA, or, with simulators on, our simulator of the same API over mutual TLS on loopback,
 * with a test PKI made for it, so the real client code runs in development and tests.
 */
export async function startBankId(config: Pick<Config, 'bankId'>): Promise<RunningBankId> {
  if (config.bankId?.driver === 'rp') {
    const client = createBankIdRpClient({
      apiUrl: config.bankId.apiUrl,
      pfx: fs.readFileSync(config.bankId.pfxFile),
      passphrase: config.bankId.passphrase,
      ca: fs.readFileSync(config.bankId.caFile),
    });
    return { client, simulator: undefined, stop: async () => client.close() };
  }
  if (config.bankId?.driver === 'simulator') {
    const simulator = await startBankIdSimulator();
    const client = createBankIdRpClient({
      apiUrl: `${simulator.url}/rp/v6.0`,
      pfx: simulator.pki.client.pfx,
      passphrase: simulator.pki.client.passphrase,
      ca: simulator.pki.ca,
    });
    return {
      client,
      simulator,
      async stop() {
        client.close();
        await simulator.close();
      },
    };
  }
  return { client: undefined, simulator: undefined, stop: async () => {} };
}
