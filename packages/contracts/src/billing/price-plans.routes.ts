import { defineRoute } from '../http/route-contract.ts';
import {
  ZCancelPricePlanResponse,
  ZInvoicePricePlanResponse,
  ZOrderPricePlanRequest,
  ZOrderPricePlanResponse,
  ZPricePlanInvoiceParams,
  ZPricePlanParams,
  ZPricePlansResponse,
} from './price-plans.ts';

/** SPEC section 7, Billing: price plans, ordered by card or invoice, and cancelled. */
const tags = ['billing'];

export const listPricePlansRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/priceplans',
  tags,
  callers: ['session'],
  summary: "The plans in the account's currency, and the account's live plan with its signatures used",
  responses: { 200: ZPricePlansResponse },
  errors: ['FORBIDDEN'],
});

export const orderPricePlanRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/payments/priceplans/:id/order',
  tags,
  callers: ['session'],
  summary: 'Orders a plan by card: priced by the server, paid on the Checkout page returned, started once paid',
  params: ZPricePlanParams,
  body: ZOrderPricePlanRequest,
  responses: { 201: ZOrderPricePlanResponse },
  errors: ['FORBIDDEN', 'PRICE_PLAN_NEEDS_COMPANY', 'PRICE_PLAN_ALREADY_ACTIVE'],
});

export const invoicePricePlanRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/priceplans/:pricePlanId/invoice',
  tags,
  callers: ['session'],
  summary: 'Orders a plan by invoice (10 days net): the plan starts now and the invoice goes to the invoice e-mail',
  params: ZPricePlanInvoiceParams,
  body: ZOrderPricePlanRequest,
  responses: { 201: ZInvoicePricePlanResponse },
  errors: ['FORBIDDEN', 'PRICE_PLAN_NEEDS_COMPANY', 'PRICE_PLAN_ALREADY_ACTIVE', 'INVOICE_DETAILS_MISSING'],
});

export const cancelPricePlanRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/priceplans/cancel',
  tags,
  callers: ['session'],
  summary: 'Cancels the live plan at least 30 days before its period ends; it stays usable until then',
  responses: { 200: ZCancelPricePlanResponse },
  errors: ['FORBIDDEN', 'PRICE_PLAN_NOT_ACTIVE', 'PRICE_PLAN_ALREADY_CANCELLED', 'PRICE_PLAN_CANCEL_TOO_LATE'],
});
