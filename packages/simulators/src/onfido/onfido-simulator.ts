import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { onfidoApiPlugin } from './onfido-api.ts';
import { OnfidoChecks } from './onfido-checks.ts';
import { API_PREFIX } from './onfido-present.ts';
import { folderControls } from './onfido-simulator-controls.ts';
import { OnfidoFolderStore, type SimCheck } from './onfido-store.ts';
import { OnfidoWebhookSender } from './onfido-webhook-sender.ts';

/*
 * An Onfido stand-in (API v3.6) on a loopback port of its own, which the official SDK is pointed at (its base path is
 * `<url>/v3.6`): applicants, document and live-photo uploads, checks with a document report read from the images
 * (onfido-reports.ts) and a face report set by the tester (onfido-tester-page.ts, on our server under /sim/onfido),
 * and a signed `check.completed` webhook when a check completes. State is in a folder shared by every process.
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

export async function startOnfidoSimulator(options: {
  apiToken: string;
  webhookToken: string;
  /** Where completed checks' webhooks go; read when sent (with PORT=0 the port is known only once listening). */
  webhookUrl: () => string;
  /** The folder its applicants, files and checks live in, shared by every process on one data folder. */
  dir: string;
  /** Pauses between webhook attempts (default 0.5 s, 2 s, 5 s). */
  retryDelaysMs?: number[];
}): Promise<RunningOnfidoSimulator> {
  const store = new OnfidoFolderStore(options.dir);
  const checks = new OnfidoChecks(store);
  const webhooks = new OnfidoWebhookSender(options);
  const timers = new Set<NodeJS.Timeout>();

  // The process that created a check completes it when due (unless a reader did first) and tells the webhook.
  const onCheckCreated = (created: SimCheck) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        try {
          const check = checks.find(created.id);
          const completedAt = new Date().toISOString();
          void webhooks.deliver({
            payload: {
              resource_type: 'check',
              action: 'check.completed',
              object: {
                id: check.id,
                status: check.status,
                completed_at_iso8601: completedAt,
                href: `${url}/checks/${check.id}`,
              },
            },
          });
        } catch {
          // The applicant was deleted meanwhile: Onfido sends nothing about a check it no longer has.
        }
      },
      Math.max(0, created.due_at - Date.now()),
    );
    timers.add(timer);
  };

  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  await app.register(onfidoApiPlugin, {
    prefix: API_PREFIX,
    apiToken: options.apiToken,
    store,
    checks,
    onCheckCreated,
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await webhooks.close();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}${API_PREFIX}`;
  return { url, controls: folderControls(store), close: () => app.close() };
}
