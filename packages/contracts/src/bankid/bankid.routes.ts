import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZBankIdOrderParams,
  ZBankIdRefreshQuery,
  ZBankIdRefreshResponse,
  ZStartBankIdRequest,
  ZStartBankIdResponse,
  ZValidateBankIdRequest,
  ZValidateBankIdResponse,
} from './bankid-orders.ts';
import {
  ZStartOrgNumberBankIdRequest,
  ZValidateOrgNumberRequest,
  ZValidateOrgNumberResponse,
} from './org-number-bankid.ts';

/**
 * SPEC section 7's BankID order endpoints for login, registration and the organisation-number check. They need no
 * session: the order is the way in. Who holds the ClientAccessKey holds the order, as with BankID's own orderRef.
 */
const tags = ['bankid'];
const callers = ['client'] as const;

/** A completed order's identity: the order must be this kind and settled, and its person readable. */
const settledOrderErrors = ['NOT_FOUND', 'ACTION_CANCELLED', 'BANKID_START_FAILED', 'INVALID_PERSONAL_NUMBER'] as const;

export const startBankIdOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid',
  tags,
  callers,
  summary: 'Start a BankID order (this device or the QR code on another)',
  body: ZStartBankIdRequest,
  responses: { 200: ZStartBankIdResponse },
  errors: ['BANKID_START_FAILED', 'RATE_LIMITED'],
});

export const startOrgNumberBankIdOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid/orgnumber',
  tags,
  callers: ['client', 'session'],
  summary: 'Start a BankID order to prove the right to act for an organisation',
  body: ZStartOrgNumberBankIdRequest,
  responses: { 200: ZStartBankIdResponse },
  errors: ['BANKID_START_FAILED'],
});

export const validateOrgNumberBankIdOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid/validate/orgnumber',
  tags,
  callers: ['client', 'session'],
  summary: 'The identity of a completed order, checked against the company registry for the organisation',
  body: ZValidateOrgNumberRequest,
  responses: { 200: ZValidateOrgNumberResponse },
  errors: [...settledOrderErrors, 'ORG_NUMBER_VERIFICATION_FAILED', 'COMPANY_LOOKUP_FAILED'],
});

export const refreshBankIdOrderRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/bankid/:clientAccessKey',
  tags,
  callers: ['client', 'session'],
  summary: "The order's state and this second's QR code; the browser asks every second",
  params: ZBankIdOrderParams,
  query: ZBankIdRefreshQuery,
  responses: { 200: ZBankIdRefreshResponse },
  errors: ['NOT_FOUND', 'BANKID_START_FAILED'],
});

export const validateBankIdOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid/validate',
  tags,
  callers,
  summary: 'The identity BankID confirmed: signed in when the person has a user, else a token for registration',
  body: ZValidateBankIdRequest,
  responses: { 200: ZValidateBankIdResponse },
  // A registration of someone under 18 or who has a user is refused; signing in needs an account to act for.
  errors: [...settledOrderErrors, 'PERSON_TOO_YOUNG', 'ACCOUNT_EXISTS', 'UNAUTHENTICATED', 'RATE_LIMITED'],
});

export const cancelBankIdOrderRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid/:clientAccessKey/cancel',
  tags,
  callers: ['client', 'session'],
  summary: 'Cancel a pending order (the user pressed cancel)',
  params: ZBankIdOrderParams,
  responses: { 204: z.null() },
  errors: [],
});
