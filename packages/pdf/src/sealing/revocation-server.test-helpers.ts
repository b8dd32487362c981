import { createPrivateKey, webcrypto, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { LocalCa } from './local-pki.ts';

/**
 * A CA's revocation services over plain HTTP, as a B-LT seal fetches them: a CRL (RFC 5280) at GET /ca.crl and an
 * OCSP responder (RFC 6960) at POST /ocsp that calls every certificate it is asked about good, unless a test lists
 * it as revoked. Both are signed by the CA itself with pkijs, unless a test asks for a forgery; every answer's bytes
 * are kept so a test can find them in the sealed file.
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
  /** Serial numbers the CRL lists and the OCSP responder calls revoked, with when and why (an RFC 5280 CRLReason). */
  revoked: Map<bigint, { at: Date; reason?: number }>;
  /** While set, the OCSP responder calls every certificate "unknown". */
  ocspAnswersUnknown: boolean;
  /** While set, the CRL or the OCSP response is signed with a key that is not the CA's. */
  crlIsForged: boolean;
  ocspIsForged: boolean;
  /** While set, the CRL served is one whose nextUpdate has passed. */
  crlIsOutOfDate: boolean;
  /** Back to a CA that answers, honestly, that nothing is revoked. */
  reset(): void;
  close(): Promise<void>;
}

// Our own engine: @libpdf/core installs a global pkijs engine of its own (see verify-cms.ts).
const engine = new pkijs.CryptoEngine({
  name: 'revocation-test',
  crypto: webcrypto as unknown as pkijs.ICryptoEngine['crypto'],
});

const oids = { crlNumber: '2.5.29.20', reasonCode: '2.5.29.21', ocspBasic: '1.3.6.1.5.5.7.48.1.1' } as const;

type Revoked = RunningRevocationServer['revoked'];

/** The serial a certificate in PEM has, as the map of revoked serials keys it. */
export const serialOf = (certPem: string) => BigInt(`0x${new X509Certificate(certPem).serialNumber}`);

export async function startRevocationServer(ca: LocalCa): Promise<RunningRevocationServer> {
  const caCertificate = pkijs.Certificate.fromBER(new X509Certificate(ca.certPem).raw);
  const privateKey = await webcrypto.subtle.importKey(
    'pkcs8',
    createPrivateKey(ca.keyPem).export({ type: 'pkcs8', format: 'der' }),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // Another key, for forgeries: a CRL or OCSP response that names the CA but is not signed by it.
  const { privateKey: forgerKey } = await webcrypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const server = createServer(async (request, response) => {
    try {
      const body = await bodyOf(request);
      state.requestsReceived++;
      const isOcsp = request.url === '/ocsp';
      if (state.isDown || (isOcsp && state.ocspIsDown)) {
        response.writeHead(503).end();
      } else if (request.method === 'GET' && request.url === '/ca.crl') {
        const crl = await signedCrl(
          { caCertificate, privateKey: state.crlIsForged ? forgerKey : privateKey },
          { number: state.servedCrls.length + 1, revoked: state.revoked, isOutOfDate: state.crlIsOutOfDate },
        );
        state.servedCrls.push(crl);
        response.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(crl);
      } else if (request.method === 'POST' && isOcsp) {
        const ocsp = await ocspResponse(
          { caCertificate, privateKey: state.ocspIsForged ? forgerKey : privateKey },
          body,
          {
            revoked: state.revoked,
            isUnknown: state.ocspAnswersUnknown,
          },
        );
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
    revoked: new Map(),
    ocspAnswersUnknown: false,
    crlIsForged: false,
    ocspIsForged: false,
    crlIsOutOfDate: false,
    reset() {
      Object.assign(state, {
        isDown: false,
        ocspIsDown: false,
        ocspAnswersUnknown: false,
        crlIsForged: false,
        ocspIsForged: false,
        crlIsOutOfDate: false,
      });
      state.revoked.clear();
    },
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

/** A CRL listing `revoked`, valid for a day (or expired yesterday), with its CRL number. */
async function signedCrl(
  { caCertificate, privateKey }: Signing,
  input: { number: number; revoked: Revoked; isOutOfDate: boolean },
): Promise<Uint8Array> {
  const now = Date.now() - (input.isOutOfDate ? 2 * 86_400_000 : 0);
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: caCertificate.subject,
    thisUpdate: new pkijs.Time({ type: 0, value: new Date(now - 60_000) }),
    nextUpdate: new pkijs.Time({ type: 0, value: new Date(now + 86_400_000) }),
    crlExtensions: new pkijs.Extensions({
      extensions: [
        new pkijs.Extension({ extnID: oids.crlNumber, extnValue: new asn1js.Integer({ value: input.number }).toBER() }),
      ],
    }),
  });
  if (input.revoked.size > 0) {
    crl.revokedCertificates = [...input.revoked].map(
      ([serial, { at, reason }]) =>
        new pkijs.RevokedCertificate({
          userCertificate: asn1js.Integer.fromBigInt(serial),
          revocationDate: new pkijs.Time({ type: 0, value: at }),
          ...(reason === undefined
            ? {}
            : {
                crlEntryExtensions: new pkijs.Extensions({
                  extensions: [
                    new pkijs.Extension({
                      extnID: oids.reasonCode,
                      extnValue: new asn1js.Enumerated({ value: reason }).toBER(),
                    }),
                  ],
                }),
              }),
        }),
    );
  }
  await crl.sign(privateKey, 'SHA-256', engine);
  return new Uint8Array(crl.toSchema(true).toBER());
}

/**
 * "good" for every certificate the request names, unless it is revoked or every answer is "unknown"; signed by the
 * CA (RFC 6960 section 4.2.2.2: the issuer may).
 */
async function ocspResponse(
  { caCertificate, privateKey }: Signing,
  body: Uint8Array,
  answer: { revoked: Revoked; isUnknown: boolean },
): Promise<Uint8Array> {
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
            certStatus: certStatusOf(item.reqCert.serialNumber.toBigInt(), answer),
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

/** CertStatus ::= CHOICE { good [0] NULL, revoked [1] RevokedInfo, unknown [2] NULL } (RFC 6960 section 4.2.1). */
function certStatusOf(serial: bigint, answer: { revoked: Revoked; isUnknown: boolean }): asn1js.AsnType {
  const revoked = answer.revoked.get(serial);
  if (answer.isUnknown || !revoked) {
    const tagNumber = answer.isUnknown ? 2 : 0;
    return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber }, lenBlock: { length: 0 } });
  }
  const reason =
    revoked.reason === undefined
      ? []
      : [
          new asn1js.Constructed({
            idBlock: { tagClass: 3, tagNumber: 0 },
            value: [new asn1js.Enumerated({ value: revoked.reason })],
          }),
        ];
  return new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 1 },
    value: [new asn1js.GeneralizedTime({ valueDate: revoked.at }), ...reason],
  });
}
