import fs from 'node:fs';
import path from 'node:path';
import { type BankIdRpClient, createBankIdRpClient } from '@signlink/providers/bankid/bankid-rp.adapter';
import { createFolderBankIdOrderStore } from '@signlink/simulators/bankid/bankid-folder-order-store';
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
 * with a test PKI made for it, so the real client code runs in development and tests. The simulator keeps its
 * orders in the data folder: behind a load balancer an order started through one process is collected, approved
 * or cancelled through another, whose own simulator must know it.
 */
export async function startBankId(config: Pick<Config, 'bankId' | 'simulatorDir'>): Promise<RunningBankId> {
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
    const simulator = await startBankIdSimulator({
      store: createFolderBankIdOrderStore(path.join(config.simulatorDir, 'bankid')),
    });
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
