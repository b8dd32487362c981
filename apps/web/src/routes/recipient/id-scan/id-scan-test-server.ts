import type { IdScanFailureCode, IdScanState } from '@signlink/contracts/id-scan/id-scan';
import type { LinkStatusResponse } from '@signlink/contracts/links/link-access';
import { type RecordedRequest, sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';

/** What the fake vendor's check answers to each poll after apply, in turn; the last one repeats. */
export type CheckAnswer = 'checking' | 'passed' | IdScanFailureCode;

export const signedStatus: LinkStatusResponse = {
  State: 'open',
  Signatures: [],
  Aggregates: {
    allSigned: false,
    anySigned: true,
    userAllSigned: true,
    lastSignByMe: true,
    allPaid: true,
    userAllPaid: true,
    lastPaymentByMe: false,
  },
  SealedPdfAvailable: false,
};

const refuse = (code: string) => ({ code, message: code, requestId: 'r-1' });

/**
 * The server's ID-scan routes as their contracts (id-scan.routes.ts) describe them, over real HTTP: the scan's state
 * follows the calls, a driving licence is refused, and the check answers as the test scripts it.
 */
export async function startIdScanServer(options: { needsFace: boolean; checks: CheckAnswer[][] }) {
  let scanCount = 0;
  let state: IdScanState | null = null;
  let polls = 0;
  const server = await startTestHttpServer((request: RecordedRequest, response) => {
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname.replace('/v2/linktinker/links/ABC123/', '');
    const json = () => JSON.parse(request.body || '{}') as Record<string, unknown>;
    if (path === 'idscan/live/init') {
      scanCount += 1;
      polls = 0;
      state = {
        IdScanId: `ids_scan${String(scanCount).padStart(12, '0')}`,
        SignatureIndex: json().SignatureIndex as number,
        Status: 'collecting',
        DocumentType: null,
        Received: { Front: false, Back: false, Face: false },
        NeedsFace: options.needsFace,
        ErrorCode: null,
        Evidence: null,
      };
      return sendJson(response, 200, state);
    }
    if (!state) return sendJson(response, 404, refuse('NOT_FOUND'));
    if (path === 'idscan/processimages') {
      const type = url.searchParams.get('DocumentType');
      if (type === 'driving-licence') return sendJson(response, 422, refuse('SCAN_WRONG_TYPE'));
      const side = url.searchParams.get('Side') === 'back' ? 'Back' : 'Front';
      state = { ...state, DocumentType: type as 'passport', Received: { ...state.Received, [side]: true } };
      return sendJson(response, 200, state);
    }
    if (path === 'idscan/live/validate') {
      state = { ...state, Received: { ...state.Received, Face: true } };
      return sendJson(response, 200, state);
    }
    if (path === 'idscan/apply') {
      state = { ...state, Status: 'checking' };
      return sendJson(response, 200, state);
    }
    if (path === `idscan/${state.IdScanId}`) {
      const script = options.checks[scanCount - 1] ?? ['passed'];
      const answer = script[Math.min(polls, script.length - 1)] ?? 'passed';
      polls += 1;
      if (answer === 'passed') {
        state = {
          ...state,
          Status: 'passed',
          Evidence: {
            DocumentType: 'passport',
            IssuingCountry: 'SWE',
            NumberLast4: '4821',
            ExpiryDate: '2031-05-17',
            NameRead: 'ANNA MARIA BERG',
            NameMatches: true,
            LiveCheck: options.needsFace ? 'passed' : 'not-run',
            FaceMatch: options.needsFace ? 'passed' : 'not-run',
            VendorCheckId: 'chk_1',
          },
        };
      } else if (answer !== 'checking') {
        state = { ...state, Status: 'failed', ErrorCode: answer };
      }
      return sendJson(response, 200, state);
    }
    if (path === 'idscan/remove') {
      state = { ...state, Status: 'removed' };
      return sendJson(response, 200, state);
    }
    if (path === 'sign/id/live' || path === 'sign/ink/id') return sendJson(response, 200, signedStatus);
    sendJson(response, 404, refuse('ROUTE_NOT_FOUND'));
  });
  const calls = (suffix: string) =>
    server.requests.filter((request) => new URL(request.url, 'http://localhost').pathname.endsWith(suffix));
  return { ...server, calls };
}

/** jsdom's Blob has no arrayBuffer() yet, which every browser has; FileReader gives the same bytes. */
export function giveBlobsArrayBuffer(): void {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}
