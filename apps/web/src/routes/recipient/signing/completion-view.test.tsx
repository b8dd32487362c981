import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { forgetSaves, watchSaves } from '../../../../test/watch-saves.ts';
import { RecipientPageCanvasContext } from '../viewer/page-canvas-context.tsx';
import { RecipientDocument } from './recipient-document.tsx';

/**
 * The link opened again after completion, in a browser that never watched the seal (fresh state: nothing stored, no
 * status poll): the access answer alone must offer the signed PDF and the audit trail.
 */
const signedSlot = (index: number, access: boolean): LinkSignatureSlot => ({
  index,
  type: 4,
  label: `Sign ${index + 1}`,
  hasDefaultLabel: false,
  filledValues: {},
  access,
  fields: [],
  signed: true,
  signedAt: '2026-11-21T09:30:00.000Z',
  nameClarificationIsConfirmed: false,
  clarifiedName: null,
  paid: false,
  requiresPayment: false,
  paymentLinkId: null,
  getPaidLabel: null,
  requireEmailVerification: false,
});

function completedAccess(settings: Partial<LinkAccessResponse['Settings']> = {}): LinkAccessResponse {
  const allowDownloading = settings.allowDownloading ?? true;
  return {
    ...accessFixture,
    Documents: [
      { Title: 'Lease 2027', Code: 'FILE1', PageCount: 1, PageSizes: [{ width: 595, height: 842 }], Rules: null },
    ],
    Signatures: [signedSlot(0, true), signedSlot(1, false)],
    Aggregates: {
      allSigned: true,
      anySigned: true,
      userAllSigned: true,
      lastSignByMe: false,
      allPaid: true,
      userAllPaid: true,
      lastPaymentByMe: false,
    },
    State: 'completed',
    SealedPdfAvailable: allowDownloading,
    Settings: { ...accessFixture.Settings, ...settings },
  };
}

async function openCompleted(access: LinkAccessResponse) {
  localStorage.clear();
  sessionStorage.clear();
  const server = await startTestHttpServer((request, response) => {
    const file = /\/links\/ABC123\/(download|audit-trail)\?/.exec(request.url)?.[1];
    if (file) {
      const name = file === 'download' ? 'Lease%202027.pdf' : 'Lease%202027%20-%20audit%20trail.pdf';
      response.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename*=UTF-8''${name}`,
      });
      response.end(`%PDF-1.7 ${file}`);
      return;
    }
    if (request.url.includes('/access/file')) {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      response.end('%PDF-1.7');
      return;
    }
    sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
  });
  renderWithApp(
    <RecipientPageCanvasContext.Provider value={() => null}>
      <RecipientDocument linkId="ABC123" access={access} onAccessExpired={() => undefined} />
    </RecipientPageCanvasContext.Provider>,
    { apiBaseUrl: server.apiBase },
  );
  await screen.findByText(/The document is signed/);
  return server.requests;
}

afterEach(() => forgetSaves());

describe('the completion view of a link opened after the seal', () => {
  it('offers the signed PDF and the audit trail at once, saving each under its name', { timeout: 20_000 }, async () => {
    const saves = watchSaves();
    const requests = await openCompleted(completedAccess());
    fireEvent.click(screen.getByRole('button', { name: 'Download signed PDF' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download audit trail' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves.map((save) => save.fileName)).toEqual(['Lease 2027.pdf', 'Lease 2027 - audit trail.pdf']);
    expect(await saves[1]?.blob.text()).toBe('%PDF-1.7 audit-trail');
    const paths = requests.map((request) => request.url);
    expect(paths).toContain('/v2/linktinker/links/ABC123/download?requestToken=request-token');
    expect(paths).toContain('/v2/linktinker/links/ABC123/audit-trail?requestToken=request-token');
    // Nothing waited for a status poll: the document was final when the link opened.
    expect(paths.some((path) => path.includes('/status'))).toBe(false);
  });

  it('offers only the audit trail, saying why, when downloading is not allowed', { timeout: 20_000 }, async () => {
    await openCompleted(completedAccess({ allowDownloading: false }));
    expect(screen.queryByRole('button', { name: 'Download signed PDF' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download audit trail' })).toBeTruthy();
    expect(screen.getByText(/The sender does not allow downloading this document/)).toBeTruthy();
  });
});
