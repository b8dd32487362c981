import { defineRoute } from '../http/route-contract.ts';
import { ZInvoice, ZInvoiceCustomer, ZInvoiceParams, ZInvoicesResponse, ZRegisterInvoiceCustomer } from './invoices.ts';

/** SPEC section 7, Billing: the account's invoices and its registration as an invoice customer. */
const tags = ['billing'];

export const listInvoicesRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/invoices',
  tags,
  callers: ['session'],
  summary: "The account's invoices, newest first, each unpaid, paid or overdue",
  responses: { 200: ZInvoicesResponse },
  errors: ['FORBIDDEN'],
});

export const findInvoiceRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/invoices/:id',
  tags,
  callers: ['session'],
  summary: 'One invoice of the account: number, OCR reference, due date, amounts and status',
  params: ZInvoiceParams,
  responses: { 200: ZInvoice },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const downloadInvoicePdfRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/invoices/:id/pdf',
  tags,
  callers: ['session'],
  summary: 'One invoice of the account as a PDF',
  params: ZInvoiceParams,
  responses: { 200: null },
  file: true,
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const readInvoiceCustomerRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/account/invoicecustomer',
  tags,
  callers: ['session'],
  summary: "The account's invoice e-mail and invoice address",
  responses: { 200: ZInvoiceCustomer },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const registerInvoiceCustomerRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/account/invoicecustomer',
  tags,
  callers: ['session'],
  summary: 'Register the company account as an invoice customer: invoice e-mail and address (administrators)',
  body: ZRegisterInvoiceCustomer,
  responses: { 200: ZInvoiceCustomer },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_EMAIL', 'PRICE_PLAN_NEEDS_COMPANY'],
});
