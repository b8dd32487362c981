import { ZVerificationResult } from '@signlink/contracts/documents/verification';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';

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

const signedAt = '2026-11-21T09:30:00.000Z';
const answer = ZVerificationResult.parse({
  Verdict: 'valid',
  Sha256: 'ab'.repeat(32),
  Signatures: [],
  Document: {
    Id: 'doc-1',
    Name: 'Rental agreement',
    SealedAt: '2026-11-22T15:00:00.000Z',
    IsSealedFile: true,
    Parties: [
      {
        Name: 'Bob Berg',
        SignatureType: 'live-id',
        SignedAt: signedAt,
        IdDocument: { DocumentType: 'passport', IssuingCountry: 'SWE', NameRead: 'JOHAN SVENSSON', NameMatches: false },
      },
      {
        Name: 'Anna Andersson',
        SignatureType: 'id-e-signature',
        SignedAt: signedAt,
        IdDocument: {
          DocumentType: 'national-id',
          IssuingCountry: 'NOR',
          NameRead: 'ANNA ANDERSSON',
          NameMatches: true,
        },
      },
      { Name: 'Cia Carlsson', SignatureType: 'e-signature', SignedAt: signedAt, IdDocument: null },
    ],
  },
});

describe('/verify, a document signed with ID scans', () => {
  it('names each signer’s identity document and warns where its name is not the party’s', {
    timeout: 20_000,
  }, async () => {
    const server = await startDocumentsServer((request, response) => {
      if (request.method !== 'POST' || pathOf(request.url) !== '/v2/linktinker/verify') return false;
      sendJson(response, 200, answer);
      return true;
    });
    renderAppAt('#/verify', { apiBaseUrl: server.apiBase });
    const input = await screen.findByLabelText('Choose a PDF', {}, { timeout: 15_000 });
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7 sealed'], 'Rental agreement.pdf', { type: 'application/pdf' })] },
    });
    await screen.findByRole('heading', { name: 'This document is sealed by Signlink and unchanged since', level: 2 });
    const [bob, anna, cia] = within(screen.getByRole('list', { name: 'Parties' })).getAllByRole('listitem');
    if (!bob || !anna || !cia) throw new Error('three parties');
    expect(within(bob).getByText('Identity document: Passport, SWE')).toBeTruthy();
    expect(within(bob).getByRole('alert').textContent).toBe(
      'The name on the identity document is JOHAN SVENSSON, not Bob Berg as the party is named. Check that the right person signed.',
    );
    expect(within(anna).getByText('Identity document: National ID card, NOR')).toBeTruthy();
    expect(within(anna).queryByRole('alert')).toBeNull();
    expect(cia.textContent).not.toContain('Identity document');
  });
});
