import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { answerDocumentFlag, documentOf, partyOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';
import type { DocumentDetail } from '../../api/documents-api.ts';

const signed = { Signed: true, SignedAt: '2026-11-21T09:30:00.000Z', Opened: true } as const;

async function openOverviewOf(document: DocumentDetail) {
  const server = await startDocumentsServer((request, response) => {
    if (request.method === 'GET' && pathOf(request.url) === '/v2/linktinker/errands/doc-1') {
      sendJson(response, 200, document);
      return true;
    }
    return answerDocumentFlag(request, response, document);
  });
  renderAppAt('#/document/doc-1', { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'Rental agreement', level: 1 }, { timeout: 15_000 });
}

describe("the document's page: who signed with an ID scan", () => {
  it('shows the identity document, and warns when the name on it is not the party’s', {
    timeout: 20_000,
  }, async () => {
    await openOverviewOf(
      documentOf({
        Parties: [
          partyOf({
            Id: 'party-bob',
            Name: 'Bob Berg',
            ...signed,
            SignatureType: 'live-id',
            IdDocument: {
              DocumentType: 'passport',
              IssuingCountry: 'SWE',
              NameRead: 'JOHAN SVENSSON',
              NameMatches: false,
            },
          }),
          partyOf({
            Id: 'party-anna',
            SignatureIndex: 1,
            ...signed,
            SignatureType: 'id-e-signature',
            IdDocument: {
              DocumentType: 'national-id',
              IssuingCountry: 'NOR',
              NameRead: 'ANNA MARIA ANDERSSON',
              NameMatches: true,
            },
          }),
        ],
      }),
    );
    const bob = screen.getByRole('listitem', { name: 'Bob Berg' });
    expect(within(bob).getByText('Identity document: Passport, SWE')).toBeTruthy();
    expect(within(bob).getByRole('alert').textContent).toBe(
      'The name on the identity document is JOHAN SVENSSON, not Bob Berg as the party is named. Check that the right person signed.',
    );
    const anna = screen.getByRole('listitem', { name: 'Anna Andersson' });
    expect(within(anna).getByText('Identity document: National ID card, NOR')).toBeTruthy();
    expect(within(anna).queryByRole('alert')).toBeNull();
  });
});
