import { ZDocumentDetail } from '@signlink/contracts/documents/documents';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { answerDocumentFlag, documentOf, partyOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';
import { formatDateTime } from '../../components/documents/format-date.ts';

const paidAt = '2026-11-22T14:00:00.000Z';
const signed = { Signed: true, SignedAt: '2026-11-21T09:30:00.000Z', Opened: true };
// Parsed by the contract, PaidAt included, so the overview reads what the server may answer.
const document = ZDocumentDetail.parse(
  documentOf({
    Status: 'awaiting-payment',
    Parties: [
      partyOf({ ...signed, GetPaid: true, Paid: true, PaidAt: paidAt }),
      partyOf({
        ...signed,
        Id: 'party-bo',
        SignatureIndex: 1,
        Name: 'Bo Berg',
        Email: 'bo@example.com',
        GetPaid: true,
      }),
      partyOf({ ...signed, Id: 'party-cia', SignatureIndex: 2, Name: 'Cia Ceder', Email: 'cia@example.com' }),
    ],
  }),
);

describe("/document/:id: each Sign & Pay party's payment", () => {
  it('shows who paid and when, who has not, and the document awaiting payment', { timeout: 15_000 }, async () => {
    const server = await startDocumentsServer((request, response) => {
      if (request.method === 'GET' && pathOf(request.url) === '/v2/linktinker/errands/doc-1') {
        sendJson(response, 200, document);
        return true;
      }
      return answerDocumentFlag(request, response, document);
    });
    renderAppAt('#/document/doc-1', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: 'Rental agreement', level: 1 });
    const party = (name: string) => within(screen.getByRole('listitem', { name }));
    expect(party('Anna Andersson').getByText(`Paid ${formatDateTime(paidAt, 'en-us')}`)).toBeTruthy();
    expect(party('Bo Berg').getByText('Not paid')).toBeTruthy();
    expect(party('Bo Berg').getByText(/Sign & Pay/)).toBeTruthy();
    expect(party('Cia Ceder').queryByText('Not paid')).toBeNull();
    expect(screen.getAllByText('Awaiting payment').length).toBeGreaterThan(0);
  });
});
