import type { ServerResponse } from 'node:http';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { documentOf, documentsOf, partyOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';
import { forgetSaves, watchSaves } from '../../../test/watch-saves.ts';
import type { DocumentDetail } from '../../api/documents-api.ts';

const signedParties = [partyOf({ Signed: true, SignedAt: '2026-11-21T09:30:00.000Z', Opened: true })];
const signed = documentOf({ Status: 'signed', Parties: signedParties });

/** A completed document with no seal row yet: the server's answer for either file (sealed-downloads.routes.ts). */
const notSealed = { code: 'DOCUMENT_NOT_SEALED', message: 'not sealed', requestId: 'r-1' };

function sendPdf(response: ServerResponse, disposition: string) {
  response.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition });
  response.end('%PDF-1.7 sealed');
}

/** /document/doc-1 answering `document`; `files` answers the sealed PDF and audit trail downloads. */
async function openOverview(document: DocumentDetail, files: (kind: string, response: ServerResponse) => void) {
  const server = await startDocumentsServer((request, response) => {
    const path = pathOf(request.url);
    if (request.method === 'GET' && path === '/v2/linktinker/errands') {
      sendJson(response, 200, documentsOf([document]));
      return true;
    }
    if (request.method === 'GET' && path === '/v2/linktinker/errands/doc-1') {
      sendJson(response, 200, document);
      return true;
    }
    const file = /^\/v2\/linktinker\/errands\/doc-1\/(sealed-pdf|audit-trail)$/.exec(path)?.[1];
    if (request.method === 'GET' && file) {
      files(file, response);
      return true;
    }
  });
  renderAppAt('#/document/doc-1', { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: document.Name, level: 1 });
  return server.requests;
}

afterEach(() => {
  forgetSaves();
});

describe('the sealed PDF and audit trail on the overview (issue 7, part 7)', () => {
  it('says why when a signed document has no seal yet (DOCUMENT_NOT_SEALED)', { timeout: 15_000 }, async () => {
    const requests = await openOverview(signed, (_kind, response) => sendJson(response, 409, notSealed));
    fireEvent.click(screen.getByRole('button', { name: 'Download signed PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The signed PDF is not ready yet');
    const call = requests.find((request) => pathOf(request.url).endsWith('/sealed-pdf'));
    expect(call?.headers.authorization).toBe('Bearer token-1');
  });

  it("saves the audit trail under the server's UTF-8 file name", { timeout: 15_000 }, async () => {
    const saves = watchSaves();
    await openOverview(signed, (kind, response) =>
      sendPdf(
        response,
        `attachment; filename="Hyresavtal ___ - ${kind}.pdf"; filename*=UTF-8''Hyresavtal%20%C3%A5%C3%A4%C3%B6%20-%20${kind}.pdf`,
      ),
    );
    const button = screen.getByRole('button', { name: 'Download audit trail' }) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(saves).toHaveLength(1));
    // Busy until the file is saved, then ready again.
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(saves[0]?.fileName).toBe('Hyresavtal åäö - audit-trail.pdf');
    expect(await saves[0]?.blob.text()).toBe('%PDF-1.7 sealed');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no downloads while parties still sign', { timeout: 15_000 }, async () => {
    await openOverview(documentOf(), () => {});
    expect(screen.queryByRole('button', { name: 'Download signed PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download audit trail' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Rental agreement' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.queryByRole('menuitem', { name: 'Download signed PDF' })).toBeNull();
  });

  it('explains a failed seal and offers no download', { timeout: 15_000 }, async () => {
    await openOverview(documentOf({ Status: 'error', Parties: signedParties }), () => {});
    expect(screen.getAllByText('Sealing failed').length).toBeGreaterThan(0);
    expect(screen.getByRole('note').textContent).toMatch(/signatures are kept.*contact support/is);
    expect(screen.queryByRole('button', { name: 'Download signed PDF' })).toBeNull();
  });
});

describe('the lists’ actions menu (issue 7, part 7)', () => {
  it('downloads the sealed PDF of a signed document, named from the document when the server names none', {
    timeout: 15_000,
  }, async () => {
    const saves = watchSaves();
    await openOverview(signed, (_kind, response) => {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      response.end('%PDF-1.7 sealed');
    });
    act(() => {
      window.location.hash = '#/sent';
    });
    const list = within(await screen.findByRole('list', { name: 'Sent documents' }));
    fireEvent.click(list.getByRole('button', { name: 'Actions for Rental agreement' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Download signed PDF' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(saves[0]?.fileName).toBe('Rental agreement.pdf');
  });
});
