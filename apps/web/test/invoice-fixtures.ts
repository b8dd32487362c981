import type { ServerResponse } from 'node:http';
import type { Invoice, InvoiceCustomer } from '@signlink/contracts/billing/invoices';
import { errorCatalogue } from '@signlink/contracts/errors/error-codes';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { type RecordedRequest, sendJson } from './test-http-server.ts';

export const invoicePdfBytes = '%PDF-1.7\n% invoice 1043\n';

/** An unpaid invoice for a year of MEDIUM, issued 2 November 2026, due ten days later. */
export const planInvoice: Invoice = {
  Id: 'inv-2',
  Number: 1043,
  OcrReference: '10436',
  Description: 'Price plan MEDIUM, 1 year',
  IssuedAt: '2026-11-02T09:00:00.000Z',
  DueAt: '2026-11-12T09:00:00.000Z',
  PaidAt: null,
  Status: 'unpaid',
  Subtotal: 4_900_00,
  VatPercent: 25,
  Vat: 1_225_00,
  Amount: 6_125_00,
  Currency: 'SEK',
  PeriodStart: '2026-11-02T09:00:00.000Z',
  PeriodEnd: '2027-11-02T09:00:00.000Z',
  BuyerName: 'Exempelbolaget AB',
  InvoiceEmail: 'faktura@exempelbolaget.se',
};

export const paidInvoice: Invoice = {
  ...planInvoice,
  Id: 'inv-1',
  Number: 1001,
  OcrReference: '10017',
  IssuedAt: '2025-11-02T09:00:00.000Z',
  DueAt: '2025-11-12T09:00:00.000Z',
  PaidAt: '2025-11-10T09:00:00.000Z',
  Status: 'paid',
};

export interface InvoiceServerOptions {
  invoices?: Invoice[];
  /** What `account/invoicecustomer` answers until a registration is saved. */
  invoiceCustomer?: InvoiceCustomer;
}

/**
 * The invoice contracts (invoices.routes.ts) as the server answers them; true when the request was one of theirs. A
 * registration is kept and answered afterwards; an e-mail the contract's rule refuses gets INVALID_EMAIL.
 */
export function createInvoiceHandler(options: InvoiceServerOptions) {
  const invoices = options.invoices ?? [];
  let customer: InvoiceCustomer = options.invoiceCustomer ?? {
    IsInvoiceCustomer: false,
    InvoiceEmail: null,
    InvoiceAddress: [],
  };
  return (request: RecordedRequest, path: string, response: ServerResponse): boolean => {
    if (path === '/v2/linktinker/app/account/invoicecustomer') {
      if (request.method === 'PUT') {
        const body = JSON.parse(request.body) as { InvoiceEmail: string; InvoiceAddress: string[] };
        const email = normalizeEmailAddress(body.InvoiceEmail);
        if (!email.isValid) {
          sendJson(response, errorCatalogue.INVALID_EMAIL.status, {
            code: 'INVALID_EMAIL',
            message: 'no',
            requestId: 'r',
          });
          return true;
        }
        customer = { IsInvoiceCustomer: true, InvoiceEmail: email.address, InvoiceAddress: body.InvoiceAddress };
      }
      sendJson(response, 200, customer);
      return true;
    }
    if (path === '/v2/linktinker/app/invoices') {
      sendJson(response, 200, { Invoices: invoices });
      return true;
    }
    if (!path.startsWith('/v2/linktinker/app/invoices/')) return false;
    const [id, file] = path.slice('/v2/linktinker/app/invoices/'.length).split('/');
    const invoice = invoices.find((candidate) => candidate.Id === id);
    if (!invoice) sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
    else if (file === 'pdf') {
      response.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="Invoice ${invoice.Number}.pdf"`,
      });
      response.end(invoicePdfBytes);
    } else sendJson(response, 200, invoice);
    return true;
  };
}
