import { createPrivateKey, webcrypto, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { LocalCa } from './local-pki.ts';

/**
 * A CA's revocation services over plain HTTP, as a B-LT seal fetches them: a CRL (RFC 5280) at GET /ca.crl and an
 * OCSP responder (RFC 6960) at POST /ocsp that calls every certificate it is asked about good. Both are signed by
 * the CA itself with pkijs; every answer's bytes are kept so a test can find them in the sealed file.
 */
export interface RunningRevocationServer {
  crlUrl: string;
  ocspUrl: string;
  /** DER of every CRL and OCSP response served, in order. */
  servedCrls: Uint8Array[];
  servedOcspResponses: Uint8Array[];
  /** Every request, answered or not. */
  requestsReceived: number;
  /** While set, every request is answered 503: the CA's services are down. */
  isDown: boolean;
  /** While set, only the OCSP responder answers 503. */
  ocspIsDown: boolean;
  close(): Promise<void>;
}

// Our own engine: @libpdf/core installs a global pkijs engine of its own (see verify-cms.ts).
const engine = new pkijs.CryptoEngine({
  name: 'revocation-test',
  crypto: webcrypto as unknown as pkijs.ICryptoEngine['crypto'],
});

const oids = { crlNumber: '2.5.29.20', ocspBasic: '1.3.6.1.5.5.7.48.1.1' } as const;

export async function startRevocationServer(ca: LocalCa): Promise<RunningRevocationServer> {
  const caCertificate = pkijs.Certificate.fromBER(new X509Certificate(ca.certPem).raw);
  const privateKey = await webcrypto.subtle.importKey(
    'pkcs8',
    createPrivateKey(ca.keyPem).export({ type: 'pkcs8', format: 'der' }),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signing = { caCertificate, privateKey };
  const server = createServer(async (request, response) => {
    try {
      const body = await bodyOf(request);
      state.requestsReceived++;
      const isOcsp = request.url === '/ocsp';
      if (state.isDown || (isOcsp && state.ocspIsDown)) {
        response.writeHead(503).end();
      } else if (request.method === 'GET' && request.url === '/ca.crl') {
        const crl = await signedCrl(signing, state.servedCrls.length + 1);
        state.servedCrls.push(crl);
        response.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(crl);
      } else if (request.method === 'POST' && isOcsp) {
        const ocsp = await ocspResponse(signing, body);
        state.servedOcspResponses.push(ocsp);
        response.writeHead(200, { 'content-type': 'application/ocsp-response' }).end(ocsp);
      } else {
        response.writeHead(404).end();
      }
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: RunningRevocationServer = {
    crlUrl: `${origin}/ca.crl`,
    ocspUrl: `${origin}/ocsp`,
    servedCrls: [],
    servedOcspResponses: [],
    requestsReceived: 0,
    isDown: false,
    ocspIsDown: false,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return state;
}

interface Signing {
  caCertificate: pkijs.Certificate;
  privateKey: webcrypto.CryptoKey;
}

async function bodyOf(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** An empty CRL (nothing revoked) valid for a day, with its CRL number. */
async function signedCrl({ caCertificate, privateKey }: Signing, number: number): Promise<Uint8Array> {
  const now = Date.now();
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: caCertificate.subject,
    thisUpdate: new pkijs.Time({ type: 0, value: new Date(now - 60_000) }),
    nextUpdate: new pkijs.Time({ type: 0, value: new Date(now + 86_400_000) }),
    crlExtensions: new pkijs.Extensions({
      extensions: [
        new pkijs.Extension({ extnID: oids.crlNumber, extnValue: new asn1js.Integer({ value: number }).toBER() }),
      ],
    }),
  });
  await crl.sign(privateKey, 'SHA-256', engine);
  return new Uint8Array(crl.toSchema(true).toBER());
}

/** "good" for every certificate the request names, signed by the CA (RFC 6960 section 4.2.2.2: the issuer may). */
async function ocspResponse({ caCertificate, privateKey }: Signing, body: Uint8Array): Promise<Uint8Array> {
  const request = pkijs.OCSPRequest.fromBER(body);
  const now = new Date();
  const basic = new pkijs.BasicOCSPResponse({
    tbsResponseData: new pkijs.ResponseData({
      responderID: caCertificate.subject,
      producedAt: now,
      responses: request.tbsRequest.requestList.map(
        (item) =>
          new pkijs.SingleResponse({
            certID: item.reqCert,
            certStatus: new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, lenBlock: { length: 0 } }),
            thisUpdate: new Date(now.getTime() - 60_000),
            nextUpdate: new Date(now.getTime() + 86_400_000),
          }),
      ),
    }),
    certs: [caCertificate],
  });
  await basic.sign(privateKey, 'SHA-256', engine);
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }),
    responseBytes: new pkijs.ResponseBytes({
      responseType: oids.ocspBasic,
      response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER() }),
    }),
  });
  return new Uint8Array(response.toSchema().toBER());
}
