import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { BulkSendDialog } from './bulk-send-dialog.tsx';

const preview = {
  Id: 'bulk_1',
  TemplateId: 'tpl-1',
  Rows: [
    { Row: 37, Problems: [{ Code: 'INVALID_EMAIL', Column: 'Customer email' }] },
    { Row: 80, Problems: [{ Code: 'TEMPLATE_ROLE_EMPTY', Column: 'Witness name' }] },
  ],
  Valid: 198,
  Invalid: 2,
  Cost: {
    Currency: 'SEK',
    Lines: [{ Kind: 'signature-e-signature', Quantity: 396, UnitMinor: 500, AmountMinor: 198_000 }],
    TotalMinor: 198_000,
    BalanceMinor: 250_000,
    IsCovered: true,
  },
};

const progress = (sent: number, status: 'sending' | 'done') => ({
  Id: 'bulk_1',
  TemplateId: 'tpl-1',
  Status: status,
  Total: 200,
  Invalid: 2,
  Sent: sent,
  Failed: status === 'done' ? 1 : 0,
  Pending: status === 'done' ? 0 : 198 - sent,
  Failures: status === 'done' ? [{ Row: 12, Code: 'INSUFFICIENT_BALANCE' }] : [],
  Created: '2026-11-27T10:00:00.000Z',
  Finished: status === 'done' ? '2026-11-27T10:01:00.000Z' : null,
});

describe('BulkSendDialog (issue 24, part 7)', () => {
  it('previews the CSV with each problem by row and column, confirms, then follows the progress', {
    timeout: 20_000,
  }, async () => {
    let polls = 0;
    const server = await startTestHttpServer((request, response) => {
      const url = pathOf(request.url);
      if (url === '/v2/linktinker/templates/tpl-1/bulksends') return sendJson(response, 201, preview);
      if (url === '/v2/linktinker/bulksends/bulk_1/send') return sendJson(response, 200, progress(0, 'sending'));
      if (url === '/v2/linktinker/bulksends/bulk_1') {
        polls++;
        return sendJson(response, 200, progress(197, 'done'));
      }
      sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
    });
    const onClose = vi.fn();
    renderWithApp(<BulkSendDialog templateId="tpl-1" templateName="Lease" onClose={onClose} />, {
      apiBaseUrl: server.apiBase,
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Send “Lease” to many' }));
    const input = dialog.getByLabelText('Choose a CSV file', { selector: 'input' }) as HTMLInputElement;
    const csv = 'Title,Customer name,Customer email\r\nLease,Anna,anna@example.com\r\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'people.csv', { type: 'text/csv' })] } });

    const table = within(await dialog.findByRole('table', { name: 'Rows with problems' }));
    const cells = table.getAllByRole('row').map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells.filter((row) => row.length > 0)).toEqual([
      ['37', 'Customer email', 'The e-mail address is not valid.'],
      [
        '80',
        'Witness name',
        'Every role of the template needs a person: fill in a name and an e-mail address or mobile number.',
      ],
    ]);
    expect(dialog.getByText('198 rows ready to send, 2 with problems.')).toBeTruthy();
    expect(dialog.getByText(/1[\s,.]?980/)).toBeTruthy();
    expect(JSON.parse(server.requests.find((request) => request.method === 'POST')?.body ?? '{}')).toEqual({
      Csv: csv,
    });
    await expectNoAxeViolations();

    fireEvent.click(dialog.getByRole('button', { name: 'Send 198 documents' }));
    expect(await dialog.findByText('Sending: 0 of 198 documents sent.')).toBeTruthy();
    await waitFor(() => expect(dialog.getByText('Done: 197 documents sent, 1 failed.')).toBeTruthy(), {
      timeout: 6000,
    });
    expect(polls).toBeGreaterThan(0);
    expect(dialog.getByText(/Row 12:/)).toBeTruthy();
    await expectNoAxeViolations();
    // The title's close button and the action's: either ends the dialog.
    const closeButtons = dialog.getAllByRole('button', { name: 'Close' });
    fireEvent.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('names the column of a CSV the server could not read', { timeout: 15_000 }, async () => {
    const server = await startTestHttpServer((_request, response) =>
      sendJson(response, 422, {
        code: 'BULK_SEND_CSV_INVALID',
        message: 'bad',
        details: { reason: 'unknown-column', column: 'Shoe size' },
        requestId: 'r1',
      }),
    );
    renderWithApp(<BulkSendDialog templateId="tpl-1" templateName="Lease" onClose={() => undefined} />, {
      apiBaseUrl: server.apiBase,
    });
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByLabelText('Choose a CSV file', { selector: 'input' }) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Shoe size\r\n42'], 'x.csv', { type: 'text/csv' })] } });
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('The CSV file could not be read');
    expect(alert.textContent).toContain('Column: Shoe size');
    expect(dialog.queryByRole('button', { name: /Send \d+ document/ })).toBeNull();
  });
});
