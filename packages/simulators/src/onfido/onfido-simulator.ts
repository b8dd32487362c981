/**
 * PLACEHOLDER (issue 27, part 1): the Onfido API v3.6 simulator is being built; this file fixes its public shape so
 * the server can be wired meanwhile. Every call fails until it lands.
 */
export interface OnfidoSimulatorOutcome {
  /** The face report's face comparison: the live photo's face is the document's. */
  faceMatch: 'clear' | 'consider';
  /** The face report's liveness (spoofing detection). */
  liveness: 'clear' | 'consider';
  /** How long a check runs before it completes and the webhook is sent. */
  delayMs: number;
}

export interface OnfidoSimulatorControls {
  outcome(): Promise<OnfidoSimulatorOutcome>;
  setOutcome(outcome: Partial<OnfidoSimulatorOutcome>): Promise<OnfidoSimulatorOutcome>;
}

export interface RunningOnfidoSimulator {
  /** The API base the SDK is given, ending in `/v3.6`. */
  url: string;
  controls: OnfidoSimulatorControls;
  close(): Promise<void>;
}

export async function startOnfidoSimulator(_options: {
  apiToken: string;
  webhookToken: string;
  /** Where completed checks' webhooks go; read when sent (with PORT=0 the port is known only once listening). */
  webhookUrl: () => string;
  /** The folder its applicants, files and checks live in, shared by every process on one data folder. */
  dir: string;
}): Promise<RunningOnfidoSimulator> {
  const notBuilt = async (): Promise<never> => {
    throw new Error('The Onfido simulator is not built yet');
  };
  return {
    url: 'http://127.0.0.1:9/v3.6',
    controls: { outcome: notBuilt, setOutcome: notBuilt },
    close: async () => {},
  };
}
