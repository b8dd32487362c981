import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningOnfidoSimulator, startOnfidoSimulator } from './onfido-simulator.ts';

/** For tests: the simulator's API over plain fetch, as a client without the SDK would call it. */

export const TEST_API_TOKEN = 'api_sandbox.test_token';
export const TEST_WEBHOOK_TOKEN = 'test_webhook_token';

export function temporaryFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'onfido-sim-'));
}

export async function startTestSimulator(
  dir: string,
  webhookUrl: () => string = () => 'http://127.0.0.1:9/unused',
): Promise<RunningOnfidoSimulator> {
  return startOnfidoSimulator({
    apiToken: TEST_API_TOKEN,
    webhookToken: TEST_WEBHOOK_TOKEN,
    webhookUrl,
    dir,
    retryDelaysMs: [20, 20],
  });
}

type Results = { result?: string; breakdown?: Record<string, { result?: string }> };

/** The fields tests read from answers, loosely: any answer may lack any of them. */
export interface OnfidoAnswer {
  id: string;
  status?: string;
  error: { type: string; message: string; fields: Record<string, string[]> };
  reports: {
    id: string;
    name: string;
    status: string;
    result?: string;
    properties: Record<string, unknown>;
    breakdown: Record<string, Results | undefined>;
  }[];
  [field: string]: unknown;
}

export function onfidoClient(url: string, token = TEST_API_TOKEN) {
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        authorization: `Token token=${token}`,
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as OnfidoAnswer };
  };
  return {
    call,
    async applicant() {
      return (await call('POST', '/applicants', { first_name: 'Anna', last_name: 'Eriksson' })).json.id as string;
    },
    upload(
      route: '/documents' | '/live_photos',
      fields: Record<string, string>,
      file: { bytes: Uint8Array; name: string; type: string },
    ) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
      return call('POST', route, form);
    },
    async uploadFile(route: '/documents' | '/live_photos', fields: Record<string, string>, file: string) {
      const type = file.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
      return this.upload(route, fields, { bytes: fs.readFileSync(file), name: path.basename(file), type });
    },
  };
}
