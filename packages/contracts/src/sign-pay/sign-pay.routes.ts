import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { defineRoute } from '../http/route-contract.ts';
import { requestTokenErrors } from '../links/link-errors.ts';
import { ZPayeeAccount, ZStartOnboardingRequest, ZStartOnboardingResponse } from './payee-account.ts';
import {
  ZCreatePaymentProductRequest,
  ZDefaultTaxCodeResponse,
  ZPaymentProduct,
  ZPaymentProductIdParams,
  ZPaymentProductsResponse,
} from './payment-products.ts';
import {
  ZLinkPaymentsQuery,
  ZLinkPaymentsResponse,
  ZSignPayPaymentDetails,
  ZSignPayPaymentRequest,
  ZSignPayRequest,
  ZSignPayResponse,
  ZSignPayStatusRequest,
  ZSignPayStatusResponse,
} from './sign-pay.ts';

/**
 * SPEC section 7 "Get paid" and the recipient's payment calls (issue 25). The sender's side needs a session; those
 * who send (administrators and regular users) make products, administrators connect the Stripe account. Another
 * account's product is NOT_FOUND.
 */
const tags = ['sign-pay'];
const session = ['session'] as const;

export const listPaymentProductsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/getpaid/paymentlinks',
  tags,
  callers: session,
  summary: "The account's Sign & Pay products, latest first",
  responses: { 200: ZPaymentProductsResponse },
  errors: [],
});

export const createPaymentProductRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/getpaid/paymentlinks',
  tags,
  callers: session,
  summary: "Makes a Sign & Pay product in the account's currency (and may remember its tax code)",
  body: ZCreatePaymentProductRequest,
  responses: { 201: ZPaymentProduct },
  errors: ['FORBIDDEN'],
});

export const findPaymentProductRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/getpaid/paymentlinks/:id/details',
  tags,
  callers: session,
  summary: 'One product with its VAT and total',
  params: ZPaymentProductIdParams,
  responses: { 200: ZPaymentProduct },
  errors: ['NOT_FOUND'],
});

export const findDefaultTaxCodeRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/getpaid/defaulttaxcode',
  tags,
  callers: session,
  summary: "The account's remembered tax code (the standard rate's until one is remembered) and the codes offered",
  responses: { 200: ZDefaultTaxCodeResponse },
  errors: [],
});

export const findPayeeAccountRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/getpaid/account',
  tags,
  callers: session,
  summary: "Whether the account's own Stripe account is connected to take Sign & Pay payments",
  responses: { 200: ZPayeeAccount },
  errors: ['SERVICE_UNAVAILABLE'],
});

export const startPayeeOnboardingRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/getpaid/account/onboarding',
  tags,
  callers: session,
  summary: "Stripe's onboarding page to connect the account's own Stripe account (administrators)",
  body: ZStartOnboardingRequest,
  responses: { 200: ZStartOnboardingResponse },
  errors: ['FORBIDDEN', 'SERVICE_UNAVAILABLE'],
});

const recipient = ['request-token'] as const;
/** A payment is the recipient's own slot's, once every party signed, once, with the terms accepted. */
const payErrors = [
  ...requestTokenErrors,
  'NOT_FOUND',
  'FORBIDDEN',
  'DOCUMENT_NOT_SIGNED',
  'DOCUMENT_WITHDRAWN',
  'PAYMENT_ALREADY_MADE',
  'PAYMENT_PENDING',
  'PAYMENT_TERMS_NOT_ACCEPTED',
  'PAYMENT_EMAIL_NOT_VERIFIED',
  'INVALID_URL',
  'SERVICE_UNAVAILABLE',
] as const;

export const listLinkPaymentsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/getpaid/payments',
  tags,
  callers: recipient,
  summary: "The document's payment requests, and whether this recipient can pay theirs now",
  params: ZLinkIdParams,
  query: ZLinkPaymentsQuery,
  responses: { 200: ZLinkPaymentsResponse },
  errors: requestTokenErrors,
});

export const startSignPayRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/sign/pay',
  tags,
  callers: recipient,
  summary: "Starts paying one of the recipient's slots: Stripe's checkout page on the owner's account",
  params: ZLinkIdParams,
  body: ZSignPayRequest,
  responses: { 200: ZSignPayResponse },
  errors: payErrors,
});

export const findSignPayStatusRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/sign/pay/status',
  tags,
  callers: recipient,
  summary: "A payment's outcome as Stripe knows it now: success, failed, pending, cancelled or still open",
  params: ZLinkIdParams,
  body: ZSignPayStatusRequest,
  responses: { 200: ZSignPayStatusResponse },
  errors: [...requestTokenErrors, 'NOT_FOUND', 'SERVICE_UNAVAILABLE'],
});

export const findSignPayDetailsRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/payment/details',
  tags,
  callers: recipient,
  summary: 'A payment of the document as its receipt names it: amount, VAT, currency, provider id and time',
  params: ZLinkIdParams,
  body: ZSignPayPaymentRequest,
  responses: { 200: ZSignPayPaymentDetails },
  errors: [...requestTokenErrors, 'NOT_FOUND'],
});
