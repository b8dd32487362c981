import path from 'node:path';
import { createIdVerification } from '@signlink/providers/id-verification/create-id-verification';
import type { IdVerificationProvider } from '@signlink/providers/id-verification/id-verification.port';
import { type RunningOnfidoSimulator, startOnfidoSimulator } from '@signlink/simulators/onfido/onfido-simulator';
import type { Config } from '../../config/config.ts';
import type { PublicUrls } from '../../config/public-urls.ts';

/** Throwaway tokens the local Onfido stand-in accepts; it signs its webhooks with the second. */
export const simulatorOnfidoAccount = {
  apiToken: 'api_sandbox.signlink_simulator',
  webhookToken: 'signlink_simulator_webhook_token',
};

/** Where Onfido (or the simulator) posts its events. */
export const onfidoWebhookPath = '/v2/linktinker/idscan/onfido/webhook';

declare module '../../jobs/job-definition.ts' {
  interface JobServices {
    /** ID scans' vendor, for settling checks whose webhook is late; `provider` is absent when none is configured. */
    idVerification: Pick<RunningIdVerification, 'provider'>;
  }
}

export interface RunningIdVerification {
  /** Absent when no vendor is configured and simulators are off: ID scans are refused (SERVICE_UNAVAILABLE). */
  provider: IdVerificationProvider | undefined;
  /** The stand-in, when simulators are on: its tester page and controls set the face-match and liveness outcomes. */
  simulator: RunningOnfidoSimulator | undefined;
  stop(): Promise<void>;
}

/**
 * Opens identity verification as configured: Onfido with the configured tokens, or, with simulators on, our Onfido
 * API simulator on loopback with tokens made for it, so the official SDK runs in development and tests. Its webhooks
 * come back to our own route, whose address is read when sent (with PORT=0 the port is known only once listening);
 * its state lives in the data folder, so every process on it sees the same applicants and checks.
 */
export async function startIdVerification({
  config,
  publicUrls,
}: {
  config: Pick<Config, 'idVerification' | 'simulatorDir'>;
  publicUrls: PublicUrls;
}): Promise<RunningIdVerification> {
  if (config.idVerification?.driver === 'onfido') {
    return { provider: createIdVerification(config.idVerification), simulator: undefined, stop: async () => {} };
  }
  if (config.idVerification?.driver === 'simulator') {
    const simulator = await startOnfidoSimulator({
      ...simulatorOnfidoAccount,
      webhookUrl: () => `${publicUrls.forBrand('signlink')}${onfidoWebhookPath}`,
      dir: path.join(config.simulatorDir, 'onfido'),
    });
    const provider = createIdVerification({ driver: 'onfido', ...simulatorOnfidoAccount, apiUrl: simulator.url });
    return { provider, simulator, stop: () => simulator.close() };
  }
  return { provider: undefined, simulator: undefined, stop: async () => {} };
}
