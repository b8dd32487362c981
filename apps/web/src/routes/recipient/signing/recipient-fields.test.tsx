import type { PlacedField } from '@signlink/contracts/documents/document-model';
import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { RecipientPageCanvasContext } from '../viewer/page-canvas-context.tsx';
import { RecipientDocument } from './recipient-document.tsx';

/** What a party sees of the fields: earlier parties' values, every field's label, and default slot labels. */
function slot(index: number, overrides: Partial<LinkSignatureSlot> = {}): LinkSignatureSlot {
  return {
    index,
    type: 4,
    label: `Sign ${index + 1}`,
    hasDefaultLabel: true,
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

const field = (id: string, type: PlacedField['type'], signatureIndex: number, y: number, label?: string) => ({
  id,
  name: `${type}[${signatureIndex}].${id}`,
  type,
  signatureIndex,
  page: 1,
  x: 40,
  y,
  width: type === 'checkbox' ? 16 : 180,
  height: type === 'signature' ? 50 : type === 'checkbox' ? 16 : 20,
  required: type !== 'checkbox',
  ...(label ? { label } : {}),
});

/** Anna (slot 0) has signed with a company, a date and a ticked box; Bo (slot 1) opens his link. */
const annaSigned = slot(0, {
  access: false,
  signed: true,
  signedAt: '2026-11-26T10:00:00.000Z',
  filledValues: { 'text[0].company': 'Acme AB', 'date[0].start': '2026-12-01', 'checkbox[0].terms': true },
});

function accessWith(overrides: Partial<LinkAccessResponse> = {}): LinkAccessResponse {
  return {
    ...accessFixture,
    RequestToken: 'token-1',
    DocumentId: 'doc-1',
    Documents: [
      {
        Title: 'Lease 2027',
        Code: 'FILE1',
        PageCount: 1,
        PageSizes: [{ width: 595, height: 842 }],
        Rules: {
          fields: [
            field('company', 'text', 0, 100, 'Your company name'),
            field('start', 'date', 0, 140, 'Start date'),
            field('terms', 'checkbox', 0, 180, 'I accept the terms'),
            field('sig0', 'signature', 0, 220),
            field('city', 'text', 1, 400, 'City'),
            field('note', 'text', 1, 440),
            field('sig1', 'signature', 1, 500),
          ],
          access: {},
        },
      },
    ],
    Signatures: [annaSigned, slot(1)],
    Aggregates: {
      allSigned: false,
      anySigned: true,
      userAllSigned: false,
      lastSignByMe: false,
      allPaid: true,
      userAllPaid: true,
      lastPaymentByMe: false,
    },
    State: 'open',
    ...overrides,
  };
}

/** jsdom renders the whole page: on a shared two-core machine that outlasts the default five seconds. */
const slow = { timeout: 30_000 };
const originalWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = originalWidth;
  sessionStorage.clear();
});

async function renderDocument(access: LinkAccessResponse) {
  const server = await startTestHttpServer((request, response) => {
    if (request.url.includes('/access/file')) {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      response.end('%PDF-1.7');
      return;
    }
    sendJson(response, 404, { code: 'INVALID_LINK', message: 'no', requestId: 'r' });
  });
  return renderWithApp(
    // jsdom cannot run pdf.js: pages draw nothing, the fields are real.
    <RecipientPageCanvasContext.Provider value={() => null}>
      <RecipientDocument linkId="ABC123" access={access} onAccessExpired={vi.fn()} />
    </RecipientPageCanvasContext.Provider>,
    { apiBaseUrl: server.apiBase },
  );
}

describe('a later party sees what the earlier ones filled in', slow, () => {
  it('shows each signed value read-only where it will be stamped, and leaves their own fields to fill', async () => {
    await renderDocument(accessWith());
    const company = (await screen.findByRole('textbox', { name: 'Your company name' })) as HTMLInputElement;
    expect(company.value).toBe('Acme AB');
    expect(company.readOnly).toBe(true);
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    // The text that is stamped, not the browser's date format.
    expect(start.value).toBe('2026-12-01');
    expect(start.type).toBe('text');
    expect(start.readOnly).toBe(true);
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms' }) as HTMLInputElement;
    expect(terms.checked).toBe(true);
    expect(terms.disabled).toBe(true);
    const city = screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement;
    expect(city.value).toBe('');
    expect(city.readOnly).toBe(false);
  });

  it('shows nothing of a slot that is not signed, whatever it carries', async () => {
    const unsigned = { ...annaSigned, signed: false, signedAt: null };
    await renderDocument(accessWith({ Signatures: [unsigned, slot(1)] }));
    expect(((await screen.findByRole('textbox', { name: 'Your company name' })) as HTMLInputElement).value).toBe('');
  });
});

describe('field labels', slow, () => {
  it('shows each field’s label beside it as its name, the required ones marked, not only as a tooltip', async () => {
    await renderDocument(accessWith());
    const city = await screen.findByRole('textbox', { name: 'City' });
    const caption = screen.getByText('City');
    expect(caption.tagName).toBe('LABEL');
    expect(caption.getAttribute('for')).toBe(city.id);
    expect(within(caption).getByText('*').getAttribute('aria-hidden')).toBe('true');
    expect(city.getAttribute('title')).toBeNull();
    // A field without a label of its own shows its type; the earlier party's fields ask for nothing more.
    expect(screen.getByRole('textbox', { name: 'Text field' })).toBeTruthy();
    expect(within(screen.getByText('Your company name')).queryByText('*')).toBeNull();
    expect(screen.getByText('I accept the terms').tagName).toBe('LABEL');
  });

  it('makes a field at least 24 px tall on a phone, where 20 pt is 13 px', async () => {
    window.innerWidth = 390;
    await renderDocument(accessWith());
    const box = (await screen.findByRole('textbox', { name: 'City' })).parentElement as HTMLElement;
    expect(Number.parseFloat(getComputedStyle(box).height)).toBe(24);
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms' }).parentElement as HTMLElement;
    expect(Number.parseFloat(getComputedStyle(terms).height)).toBe(24);
    expect(Number.parseFloat(getComputedStyle(terms).width)).toBe(24);
  });
});

describe('slot labels the sender did not write', slow, () => {
  it('are in the reader’s language and follow the switch; the sender’s own label stays', async () => {
    const view = await renderDocument(
      // A Swedish document: the server's default is Swedish, the reader's page English.
      accessWith({
        Signatures: [
          slot(0, { access: false, label: 'Hyresvärd', hasDefaultLabel: false }),
          slot(1, { label: 'Signera 2' }),
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Sign here: Sign 2' })).toBeTruthy();
    await act(() => view.services.i18n.changeLanguage('sv'));
    expect(await screen.findByRole('button', { name: 'Signera här: Signera 2' })).toBeTruthy();
    expect(screen.getByText('Hyresvärd')).toBeTruthy();
    await act(() => view.services.i18n.changeLanguage('es'));
    expect(await screen.findByRole('button', { name: 'Firme aquí: Firmar 2' })).toBeTruthy();
  });
});

describe('Submit and signing', slow, () => {
  it('offers no Submit before this person signs, where it would freeze the form unsigned', async () => {
    await renderDocument(accessWith());
    await screen.findByRole('textbox', { name: 'City' });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next field' })).toBeTruthy();
  });

  it('counts an ID-scan slot (type 6) as a signature to give: signing comes before Submit', async () => {
    await renderDocument(accessWith({ Signatures: [annaSigned, slot(1, { type: 6 })] }));
    expect(await screen.findByRole('button', { name: 'Sign here: Sign 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next field' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
