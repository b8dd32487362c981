import type { IdVerificationProvider } from './id-verification.port.ts';

/** PLACEHOLDER (issue 27, part 1): the adapter over the official `@onfido/api` SDK is being built. */
export interface OnfidoConfig {
  apiToken: string;
  webhookToken: string;
  /** The API base with its version, e.g. https://api.eu.onfido.com/v3.6, or the simulator's. */
  apiUrl: string;
}

export function createOnfidoIdVerification(_config: OnfidoConfig): IdVerificationProvider {
  const notBuilt = async (): Promise<never> => {
    throw new Error('The Onfido adapter is not built yet');
  };
  return {
    vendor: 'onfido',
    createApplicant: notBuilt,
    uploadDocument: notBuilt,
    uploadLivePhoto: notBuilt,
    startCheck: notBuilt,
    readCheck: notBuilt,
    deleteApplicant: notBuilt,
    readWebhook: () => {
      throw new Error('The Onfido adapter is not built yet');
    },
  };
}
