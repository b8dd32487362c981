import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { documentOf, documentsOf, partyOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { type RecordedRequest, sendJson } from '../../../test/test-http-server.ts';
import type { DocumentDetail } from '../../api/documents-api.ts';

const signedParties = [partyOf({ Signed: true, SignedAt: '2026-11-21T09:30:00.000Z', Opened: true })];
const failed = documentOf({ Status: 'error', Parties: signedParties });

/**
 * /document/doc-1 whose seal failed; `retryAnswer` is the server's reply to the retry, after which (on success) the
 * overview reads the document as processing.
 */
async function openFailedSeal(document: DocumentDetail, retryAnswer: [number, unknown]) {
  let current = document;
  const server = await startDocumentsServer((request, response) => {
    const path = pathOf(request.url);
    if (request.method === 'GET' && path === '/v2/linktinker/errands') {
      sendJson(response, 200, documentsOf([current]));
      return true;
    }
    if (request.method === 'GET' && path === '/v2/linktinker/errands/doc-1') {
      sendJson(response, 200, current);
      return true;
    }
    if (request.method === 'POST' && path === '/v2/linktinker/errands/doc-1/seal/retry') {
      const [status, body] = retryAnswer;
      if (status === 200) current = { ...current, Status: 'processing' };
      sendJson(response, status, status === 200 ? current : body);
      return true;
    }
  });
  renderAppAt('#/document/doc-1', { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: document.Name, level: 1 });
  return server.requests;
}

const retryCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && pathOf(request.url).endsWith('/seal/retry'));

describe('trying a failed seal again (issue 7, part 5)', () => {
  it('starts sealing again from the alert, says so, and shows the document as processing', {
    timeout: 15_000,
  }, async () => {
    const requests = await openFailedSeal(failed, [200, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Try sealing again' }));
    expect(await screen.findByText(/Sealing has started again/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Try sealing again')).toBeNull());
    expect(screen.queryByRole('note')).toBeNull();
    const calls = retryCalls(requests);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe('Bearer token-1');
  });

  it("says the server's reason when the seal is no longer failed", { timeout: 15_000 }, async () => {
    const notFailed = { code: 'SEAL_NOT_FAILED', message: 'not failed', requestId: 'r-2' };
    await openFailedSeal(failed, [409, notFailed]);
    fireEvent.click(screen.getByRole('button', { name: 'Try sealing again' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Sealing has not failed for this document');
  });

  it('offers no retry to someone who may only read the document', { timeout: 15_000 }, async () => {
    const requests = await openFailedSeal({ ...failed, CanManage: false, IsOwn: false }, [200, null]);
    const note = screen.getByRole('note').textContent;
    expect(note).toContain('Sealing failed');
    // Told whom to ask, not to do what they cannot.
    expect(note).toContain('Ask someone who manages this document');
    expect(note).not.toContain('Try sealing again');
    expect(screen.queryByRole('button', { name: 'Try sealing again' })).toBeNull();
    expect(retryCalls(requests)).toEqual([]);
  });
});
