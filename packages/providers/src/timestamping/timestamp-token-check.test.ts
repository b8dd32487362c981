import { createHash } from 'node:crypto';
import { sharedTestPki } from '@signlink/pdf/sealing/local-pki';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTokenAnswersRequest } from './timestamp-token-check.ts';

/** The client's RFC 3161 section 2.4.2 check, read from the token's DER: a real token from the simulator. */
const pki = sharedTestPki();
const digest = new Uint8Array(createHash('sha256').update('the seal').digest());
let sim: RunningTsaSimulator;
let token: Uint8Array;
let request: Uint8Array;

const requestWith = (nonce: bigint) =>
  new Uint8Array(
    new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
        hashedMessage: new asn1js.OctetString({ valueHex: digest }),
      }),
      nonce: asn1js.Integer.fromBigInt(nonce),
      certReq: true,
    })
      .toSchema()
      .toBER(false),
  );

beforeAll(async () => {
  sim = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
  request = requestWith(0x7f12_3456_789a_bcden);
  const response = await fetch(sim.url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: request,
  });
  const timeStampToken = pkijs.TimeStampResp.fromBER(await response.arrayBuffer()).timeStampToken;
  token = new Uint8Array(timeStampToken?.toSchema().toBER(false) ?? new ArrayBuffer(0));
});
afterAll(() => sim?.close());

describe('checkTokenAnswersRequest', () => {
  it('accepts the token that answers our imprint and nonce', () => {
    expect(() => checkTokenAnswersRequest({ token, digest, algorithm: 'SHA-256', request })).not.toThrow();
  });

  it('refuses it for another nonce, another digest, another algorithm, or bytes that are no token', () => {
    const other = requestWith(0x7f12_3456_789a_bcdfn);
    expect(() => checkTokenAnswersRequest({ token, digest, algorithm: 'SHA-256', request: other })).toThrow(
      /another nonce/,
    );
    const digest2 = new Uint8Array(createHash('sha256').update('another').digest());
    expect(() => checkTokenAnswersRequest({ token, digest: digest2, algorithm: 'SHA-256', request })).toThrow(
      /another digest/,
    );
    expect(() => checkTokenAnswersRequest({ token, digest, algorithm: 'SHA-512', request })).toThrow(
      /another hash algorithm/,
    );
    expect(() =>
      checkTokenAnswersRequest({ token: token.subarray(0, 200), digest, algorithm: 'SHA-256', request }),
    ).toThrow(/not a TimeStampToken/);
  });
});
