import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHandler } from '../../../../test/test-http-server.ts';
import { RecipientPageCanvasContext } from '../viewer/page-canvas-context.tsx';
import { RecipientDocument } from './recipient-document.tsx';

function slot(index: number, overrides: Partial<LinkSignatureSlot> = {}): LinkSignatureSlot {
  return {
    index,
    type: 4,
    label: `Sign ${index}`,
    hasDefaultLabel: false,
    access: true,
    fields: [],
    signed: false,
    signedAt: null,
    nameClarificationIsConfirmed: false,
    clarifiedName: null,
    paid: false,
    requiresPayment: false,
    paymentLinkId: null,
    getPaidLabel: null,
    requireEmailVerification: false,
    filledValues: {},
    ...overrides,
  };
}

const field = (
  id: string,
  type: 'text' | 'checkbox' | 'signature',
  signatureIndex: number,
  y: number,
  required = true,
) => ({
  id,
  name: `${type}[${signatureIndex}].${id}`,
  type,
  signatureIndex,
  page: 1,
  x: 40,
  y,
  width: type === 'checkbox' ? 16 : 180,
  height: type === 'signature' ? 50 : 20,
  required,
  label: { name: 'Full name', city: 'City', agree: 'I agree', sig: undefined, theirs: 'Their note' }[id],
});

function accessWith(overrides: Partial<LinkAccessResponse> = {}): LinkAccessResponse {
  return {
    RequestToken: 'token-1',
    TokenExpiresAt: new Date(Date.now() + 600_000).toISOString(),
    DocumentId: 'doc-1',
    Documents: [
      {
        Title: 'Lease 2027',
        Code: 'FILE1',
        PageCount: 1,
        PageSizes: [{ width: 595, height: 842 }],
        Rules: {
          fields: [
            field('sig', 'signature', 1, 700),
            field('city', 'text', 1, 300),
            field('name', 'text', 1, 100),
            field('agree', 'checkbox', 1, 500, false),
            field('theirs', 'text', 2, 200),
          ],
          access: {},
        },
      },
    ],
    UserData: [],
    Signatures: [slot(1), slot(2, { access: false })],
    Aggregates: {
      allSigned: false,
      anySigned: false,
      userAllSigned: false,
      lastSignByMe: false,
      allPaid: true,
      userAllPaid: true,
      lastPaymentByMe: false,
    },
    State: 'open',
    SealedPdfAvailable: false,
    Messages: accessFixture.Messages,
    Settings: accessFixture.Settings,
    ...overrides,
  };
}

const pdfServer: TestHandler = (request, response) => {
  if (request.url.includes('/access/file')) {
    response.writeHead(200, { 'Content-Type': 'application/pdf' });
    response.end('%PDF-1.7');
    return;
  }
  sendJson(response, 404, { code: 'INVALID_LINK', message: 'no', requestId: 'r' });
};

async function renderDocument(access: LinkAccessResponse, handler: TestHandler = pdfServer) {
  const server = await startTestHttpServer(handler);
  const onAccessExpired = vi.fn();
  const view = renderWithApp(
    // jsdom cannot run pdf.js: pages draw nothing, the fields are real.
    <RecipientPageCanvasContext.Provider value={() => null}>
      <RecipientDocument linkId="ABC123" access={access} onAccessExpired={onAccessExpired} />
    </RecipientPageCanvasContext.Provider>,
    { apiBaseUrl: server.apiBase },
  );
  return { ...view, server, onAccessExpired };
}

describe('the recipient’s document: fields and the guided flow', () => {
  it('labels the fields, marks the required ones, and lets this person edit only their own', async () => {
    await renderDocument(accessWith());
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    expect(name.getAttribute('aria-required')).toBe('true');
    expect((name as HTMLInputElement).readOnly).toBe(false);
    const theirs = screen.getByRole('textbox', { name: 'Their note' });
    expect((theirs as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'I agree' }).getAttribute('aria-required')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign here: Sign 1' })).toBeTruthy();
  });

  it('Next field goes to the required fields top to bottom, then to the signature', async () => {
    await renderDocument(accessWith());
    const next = await screen.findByRole('button', { name: 'Next field' });
    fireEvent.click(next);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Full name' }));
    fireEvent.change(document.activeElement as Element, { target: { value: 'Anna Berg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next field' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'City' }));
    fireEvent.change(document.activeElement as Element, { target: { value: 'Lund' } });
    // Only the signature is left: the bar says so and takes the person there.
    fireEvent.click(screen.getByRole('button', { name: 'Go to signing' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign here: Sign 1' }));
  });

  it('keeps what was typed in sessionStorage, so a reload loses nothing', async () => {
    const first = await renderDocument(accessWith());
    fireEvent.change(await screen.findByRole('textbox', { name: 'Full name' }), { target: { value: 'Anna Berg' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    first.unmount();
    await renderDocument(accessWith());
    expect((await screen.findByRole('textbox', { name: 'Full name' })).getAttribute('value')).toBe('Anna Berg');
    expect((screen.getByRole('checkbox', { name: 'I agree' }) as HTMLInputElement).checked).toBe(true);
  });

  it('does not open signing while a required field is empty: it says so and goes to the field', async () => {
    await renderDocument(accessWith());
    fireEvent.click(await screen.findByRole('button', { name: 'Sign here: Sign 1' }));
    expect(await screen.findByText('Fill in the required fields (marked *) first.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Full name' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the ID scan for an ID-scan slot (types 5 and 6), and closing it leaves the slot unsigned', async () => {
    const access = accessWith({ Signatures: [slot(1, { type: 6 }), slot(2, { access: false })] });
    access.Documents[0]?.Rules?.fields.splice(1, 3);
    await renderDocument(access);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign here: Sign 1' }));
    // The dialog is its own chunk, fetched when first needed.
    expect(await screen.findByRole('dialog', { name: 'Verify your ID: Sign 1' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/You take a photo of your face/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Sign here: Sign 1' })).toBeTruthy();
  }, 15_000);
});

describe('the recipient’s document: access and completion', () => {
  it('sends the person back through the gate when the file call says SESSION_EXPIRED', async () => {
    const { onAccessExpired } = await renderDocument(accessWith(), (_request, response) =>
      sendJson(response, 401, { code: 'SESSION_EXPIRED', message: 'expired', requestId: 'r' }),
    );
    await waitFor(() => expect(onAccessExpired).toHaveBeenCalled());
  });

  it('polls the status while sealing, then offers the signed PDF', async () => {
    let calls = 0;
    const signedSlots = [slot(1, { signed: true }), slot(2, { access: false, signed: true })];
    const aggregates = {
      allSigned: true,
      anySigned: true,
      userAllSigned: true,
      lastSignByMe: true,
      allPaid: true,
      userAllPaid: true,
      lastPaymentByMe: false,
    };
    const { server } = await renderDocument(
      accessWith({ Signatures: signedSlots, Aggregates: aggregates, State: 'sealing' }),
      (request, response) => {
        if (!request.url.includes('/status')) return pdfServer(request, response, 0);
        calls += 1;
        const State = calls < 2 ? 'sealing' : 'completed';
        sendJson(response, 200, {
          State,
          Signatures: signedSlots,
          Aggregates: aggregates,
          SealedPdfAvailable: State === 'completed',
        });
      },
    );
    expect(await screen.findByText('Everyone has signed')).toBeTruthy();
    await act(async () => undefined);
    expect(await screen.findByRole('button', { name: 'Download signed PDF' }, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByText(/The document is signed/)).toBeTruthy();
    const statusCall = server.requests.find((request) => request.url.includes('/status'));
    expect(statusCall?.url).toContain('/v2/linktinker/links/ABC123/status?requestToken=token-1');
  }, 10_000);

  it('tells calmly that sealing failed and the sender knows', async () => {
    await renderDocument(
      accessWith({
        Signatures: [slot(1, { signed: true })],
        Aggregates: {
          allSigned: true,
          anySigned: true,
          userAllSigned: true,
          lastSignByMe: true,
          allPaid: true,
          userAllPaid: true,
          lastPaymentByMe: false,
        },
        State: 'seal-failed',
      }),
    );
    expect(await screen.findByText(/the sender has been told/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download signed PDF' })).toBeNull();
  });
});
