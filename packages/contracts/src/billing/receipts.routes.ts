import { defineRoute } from '../http/route-contract.ts';
import { ZReceipt, ZReceiptParams, ZReceiptsResponse } from './receipts.ts';

/** SPEC section 7, Billing: the account's receipts. */
const tags = ['billing'];

export const listReceiptsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/receipts',
  tags,
  callers: ['session'],
  summary: "The account's receipts, newest first",
  responses: { 200: ZReceiptsResponse },
  errors: ['FORBIDDEN'],
});

export const findReceiptRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/receipts/:id',
  tags,
  callers: ['session'],
  summary: 'One receipt of the account: date, method, subtotal, VAT and amount',
  params: ZReceiptParams,
  responses: { 200: ZReceipt },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const downloadReceiptPdfRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/receipts/:id/pdf',
  tags,
  callers: ['session'],
  summary: 'One receipt of the account as a PDF',
  params: ZReceiptParams,
  responses: { 200: null },
  file: true,
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
