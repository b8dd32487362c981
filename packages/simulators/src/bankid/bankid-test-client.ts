import https from 'node:https';
import type { BankIdTestPki } from './bankid-test-pki.ts';

/*
 * A bare HTTPS JSON caller for the simulator's tests, with the client certificate as a relying party presents it.
 * Node's fetch cannot present a client certificate without undici's Agent, which this package does not depend on.
 */

export interface BankIdTestResponse {
  status: number;
  body: Record<string, unknown>;
}

export interface BankIdTestCall {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** The raw body and its type, to send what is not JSON. */
  raw?: { contentType: string; body: string };
  /** The trusted CA and, unless `withoutClientCert`, the client PKCS#12. */
  pki: BankIdTestPki;
  /** Present another PKI's client certificate instead. */
  clientPki?: BankIdTestPki;
  withoutClientCert?: boolean;
}

export function callBankIdSimulator(call: BankIdTestCall): Promise<BankIdTestResponse> {
  const client = (call.clientPki ?? call.pki).client;
  const payload = call.raw?.body ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  return new Promise((resolve, reject) => {
    const request = https.request(
      call.url,
      {
        method: call.method ?? 'POST',
        ca: call.pki.ca,
        agent: false,
        ...(call.withoutClientCert ? {} : { pfx: client.pfx, passphrase: client.passphrase }),
        headers: payload === undefined ? {} : { 'content-type': call.raw?.contentType ?? 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
