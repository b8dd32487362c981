import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limits } from '@signlink/contracts/constants';
import { ZVerificationResult } from '@signlink/contracts/documents/verification';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../../server/test/start-server-process.ts';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { languageStorageKey } from '../../i18n/language-store.ts';

const fixturePdf = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../shared/fixtures/pdfs/minimal-document.pdf',
);

// jsdom's Blob has no arrayBuffer() yet, which every browser has; FileReader gives the same bytes.
beforeAll(() => {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
});

function chooseFile(file: File, label = 'Choose a PDF') {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
}

describe('/verify against the real service (issue 7, part 6)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('opens signed out, and says a file that is not a PDF is the wrong type (UPLOAD_WRONG_TYPE)', {
    timeout: 20_000,
  }, async () => {
    renderAppAt('#/verify', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: 'Verify a signed document', level: 1 });
    expect(screen.getByText(/sealed by Signlink and has not been changed since/)).toBeTruthy();
    chooseFile(new File(['just some words'], 'notes.txt', { type: 'text/plain' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Wrong file type. Only PDF files can be uploaded.');
  });

  it('says an unsigned PDF is not sealed by us, with its SHA-256 and no signatures', { timeout: 20_000 }, async () => {
    renderAppAt('#/verify', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: 'Verify a signed document', level: 1 });
    const bytes = fs.readFileSync(fixturePdf);
    chooseFile(new File([bytes], 'minimal-document.pdf', { type: 'application/pdf' }));
    // The real service checks the file's signatures in its PDF workers: on a busy machine that takes seconds.
    const verdict = await screen.findByRole(
      'heading',
      { name: 'This document is not sealed by Signlink', level: 2 },
      { timeout: 15_000 },
    );
    expect(verdict.closest('[data-verdict]')?.getAttribute('data-verdict')).toBe('not-sealed-by-us');
    expect(screen.getByText('Checked file: minimal-document.pdf')).toBeTruthy();
    expect(screen.getByText('The file has no digital signatures.')).toBeTruthy();
    const sha256 = await crypto.subtle.digest('SHA-256', bytes);
    const hex = [...new Uint8Array(sha256)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    expect(screen.getByText(hex).tagName).toBe('CODE');
    fireEvent.click(screen.getByRole('button', { name: 'Check another file' }));
    expect(screen.getByLabelText('Choose a PDF')).toBeTruthy();
  });
});

/** A sealed document's answer, in the contract's shape (parsed, so the fixture cannot drift from it). */
const sealedAnswer = ZVerificationResult.parse({
  Verdict: 'valid',
  Sha256: 'ab'.repeat(32),
  Signatures: [
    {
      Kind: 'signature',
      SignerName: 'Signlink Seal',
      SignerOrganization: 'Signlink AB',
      Intact: true,
      Trusted: true,
      TimestampedAt: '2026-11-22T15:00:05.000Z',
      TimestampAuthority: 'Signlink TSA',
      TimestampTrusted: true,
      CoversWholeFile: true,
    },
  ],
  Document: {
    Id: 'doc-1',
    Name: 'Rental agreement',
    SealedAt: '2026-11-22T15:00:00.000Z',
    IsSealedFile: true,
    Parties: [
      { Name: 'Anna Andersson', SignatureType: 'bankid', SignedAt: '2026-11-21T09:30:00.000Z', IdDocument: null },
      { Name: 'Bo Berg', SignatureType: 'e-signature', SignedAt: '2026-11-22T14:59:00.000Z', IdDocument: null },
    ],
  },
});

describe('/verify, a sealed document signed in (issue 7, part 6)', () => {
  it('shows the verdict, the document, its parties and the seal, with the menu of a signed-in user', {
    timeout: 20_000,
  }, async () => {
    const server = await startDocumentsServer((request, response) => {
      if (request.method !== 'POST' || pathOf(request.url) !== '/v2/linktinker/verify') return false;
      sendJson(response, 200, sealedAnswer);
      return true;
    });
    renderAppAt('#/verify', { apiBaseUrl: server.apiBase });
    // The signed-in header's menu, this page marked in it (desktop's row, hidden from jsdom's styles).
    const navigation = await screen.findByRole('navigation', { name: 'Documents', hidden: true });
    const item = within(navigation).getByRole('link', { name: 'Verify document', hidden: true });
    expect(item.getAttribute('aria-current')).toBe('page');

    chooseFile(new File(['%PDF-1.7 sealed'], 'Rental agreement.pdf', { type: 'application/pdf' }));
    await screen.findByRole('heading', { name: 'This document is sealed by Signlink and unchanged since', level: 2 });
    const request = server.requests.find((recorded) => recorded.method === 'POST');
    expect(request?.headers['content-type']).toBe('application/pdf');
    expect(request?.body).toBe('%PDF-1.7 sealed');

    const when = (iso: string) => formatDateTime(iso, 'en-us');
    const document = within(screen.getByRole('region', { name: 'The document' }));
    expect(document.getByText('Rental agreement')).toBeTruthy();
    expect(document.getByText(when('2026-11-22T15:00:00.000Z'))).toBeTruthy();
    const parties = within(document.getByRole('list', { name: 'Parties' })).getAllByRole('listitem');
    expect(parties.map((party) => party.textContent)).toEqual([
      `Anna AnderssonSwedish BankID · Signed ${when('2026-11-21T09:30:00.000Z')}`,
      `Bo BergE-signature · Signed ${when('2026-11-22T14:59:00.000Z')}`,
    ]);
    const seal = within(screen.getByRole('region', { name: 'Signatures' }));
    expect(seal.getByText('Signlink Seal, Signlink AB')).toBeTruthy();
    expect(seal.getByText(when('2026-11-22T15:00:05.000Z'))).toBeTruthy();
    expect(seal.getByText('Signlink TSA')).toBeTruthy();
    expect(seal.getByText(/Covers the whole file/)).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
  });
});

/** A Sign & Pay payment record's answer, and its document's answer listing it (README "Sign & Pay records"). */
const recordAnswer = ZVerificationResult.parse({
  ...sealedAnswer,
  Sha256: 'cd'.repeat(32),
  Document: null,
  PaymentRecord: {
    PaymentId: 'spp-1',
    DocumentId: 'doc-1',
    DocumentName: 'Rental agreement',
    DocumentSealedSha256: 'ab'.repeat(32),
    Total: 12_500,
    Currency: 'SEK',
    PaidAt: '2026-11-27T14:05:09.000Z',
    RecordSealedAt: '2026-11-27T14:07:30.000Z',
  },
});
const documentWithRecordsAnswer = ZVerificationResult.parse({
  ...sealedAnswer,
  PaymentRecords: [
    {
      PaymentId: 'spp-1',
      Total: 12_500,
      Currency: 'SEK',
      PaidAt: '2026-11-27T14:05:09.000Z',
      RecordSha256: 'cd'.repeat(32),
    },
  ],
});

describe('/verify, Sign & Pay payment records', () => {
  /** Signed in (the documents server) or, for another language than the user's, signed out. */
  async function verifyWith(answer: unknown, { signedIn = true } = {}) {
    const answers = (request: { method?: string; url?: string }, response: Parameters<typeof sendJson>[0]): boolean => {
      if (request.method !== 'POST' || pathOf(request.url ?? '') !== '/v2/linktinker/verify') return false;
      sendJson(response, 200, answer);
      return true;
    };
    const server = signedIn
      ? await startDocumentsServer(answers)
      : await startTestHttpServer((request, response) => answers(request, response) || sendJson(response, 401, {}));
    renderAppAt('#/verify', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { level: 1 });
  }

  it('says a payment record is ours and names the document, its sealed SHA-256, the amount and time', {
    timeout: 20_000,
  }, async () => {
    await verifyWith(recordAnswer);
    chooseFile(new File(['%PDF-1.7 record'], 'Payment record.pdf', { type: 'application/pdf' }));
    await screen.findByRole('heading', { name: 'This document is sealed by Signlink and unchanged since', level: 2 });
    const record = within(screen.getByRole('region', { name: 'The payment record' }));
    expect(record.getByText('Rental agreement')).toBeTruthy();
    expect(record.getByText('doc-1')).toBeTruthy();
    expect(record.getByText('ab'.repeat(32))).toBeTruthy();
    expect(record.getByText(formatMoney(12_500, 'SEK', 'en-us'))).toBeTruthy();
    expect(record.getByText(formatDateTime('2026-11-27T14:05:09.000Z', 'en-us'))).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'The document' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Payment records' })).toBeNull();
  });

  it('lists a sealed document’s payment records, in Swedish', { timeout: 20_000 }, async () => {
    localStorage.setItem(languageStorageKey, 'sv');
    await verifyWith(documentWithRecordsAnswer, { signedIn: false });
    await screen.findByRole('heading', { name: 'Verifiera ett signerat dokument', level: 1 });
    chooseFile(new File(['%PDF-1.7 sealed'], 'Hyresavtal.pdf', { type: 'application/pdf' }), 'Välj en PDF');
    const list = await screen.findByRole('list', { name: 'Dokumentets betalningsverifikat' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item?.textContent).toContain(formatMoney(12_500, 'SEK', 'sv'));
    expect(item?.textContent).toContain(`Betalat ${formatDateTime('2026-11-27T14:05:09.000Z', 'sv')}`);
    expect(item?.textContent).toContain('cd'.repeat(32));
    expect(screen.getByRole('region', { name: 'Betalningsverifikat' })).toBeTruthy();
    localStorage.removeItem(languageStorageKey);
  });
});

describe('/verify, failures said in the reader’s language', () => {
  it('refuses a file over the upload limit before sending it', { timeout: 20_000 }, async () => {
    const server = await startTestHttpServer((_request, response) => sendJson(response, 500, {}));
    renderAppAt('#/verify', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: 'Verify a signed document', level: 1 });
    const tooLarge = new File([new Uint8Array(limits.maxUploadMegabytes * 1024 * 1024 + 1)], 'huge.pdf');
    chooseFile(tooLarge);
    expect((await screen.findByRole('alert')).textContent).toContain(
      `The file is larger than ${limits.maxUploadMegabytes} MB.`,
    );
    expect(server.requests).toEqual([]);
  });

  it('says in Swedish that the server could not be reached', { timeout: 20_000 }, async () => {
    localStorage.setItem(languageStorageKey, 'sv');
    // Nothing listens on port 9 (discard): the call fails as an offline one does.
    renderAppAt('#/verify', { apiBaseUrl: 'http://127.0.0.1:9/v2/' });
    await screen.findByRole('heading', { name: 'Verifiera ett signerat dokument', level: 1 });
    chooseFile(new File(['%PDF-1.7'], 'avtal.pdf', { type: 'application/pdf' }), 'Välj en PDF');
    expect((await screen.findByRole('alert')).textContent).toContain('Vi kunde inte nå servern.');
  });
});
