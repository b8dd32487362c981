import { ZAuthState } from '../auth/auth-state.ts';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZCustomerAccount,
  ZCustomerAccountTokenRequest,
  ZCustomerEmailProof,
  ZCustomerEmailRequest,
  ZCustomerEmailResponse,
  ZCustomerEmailValidate,
  ZRegisterCustomerAccount,
} from './customer-accounts.ts';

/**
 * SPEC sections 6 and 7 Accounts: a partner's administrators set up customer accounts directly and enter them. A
 * caller who is not a partner's administrator is FORBIDDEN; another partner's customer is NOT_FOUND.
 */
const tags = ['customer accounts'];
const callers = ['session'] as const;

export const startCustomerEmailRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/accounts/validation/email',
  tags,
  callers,
  summary: "Send a code to the customer's e-mail address (partner administrators)",
  body: ZCustomerEmailRequest,
  responses: { 200: ZCustomerEmailResponse },
  errors: ['FORBIDDEN', 'INVALID_EMAIL', 'SEND_FAILED', 'RATE_LIMITED'],
});

export const validateCustomerEmailRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/accounts/validation/validate',
  tags,
  callers,
  summary: "The customer's code: proves the address for `accounts/register`",
  body: ZCustomerEmailValidate,
  responses: { 200: ZCustomerEmailProof },
  errors: ['FORBIDDEN', 'WRONG_CODE'],
});

export const registerCustomerAccountRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/accounts/register',
  tags,
  callers,
  summary:
    'Create a customer company account with its price plan, signatures, period, invoice setting and an ' +
    'additional balance (partner administrators; the e-mail proven first)',
  body: ZRegisterCustomerAccount,
  responses: { 201: ZCustomerAccount },
  // ACTION_CANCELLED: the e-mail's proof is missing, expired, or another partner's.
  errors: [
    'FORBIDDEN',
    'ACTION_CANCELLED',
    'VALIDATION_FAILED',
    'COMPANY_LOOKUP_FAILED',
    'ORG_NUMBER_VERIFICATION_FAILED',
    'VAT_INVALID',
    'VAT_VALIDATION_UNAVAILABLE',
    'INVOICE_DETAILS_MISSING',
  ],
});

export const enterCustomerAccountRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/accounts/token',
  tags,
  callers,
  summary: "Enter one of the partner's customer accounts: a session acting for it (201, like an account switch)",
  body: ZCustomerAccountTokenRequest,
  responses: { 201: ZAuthState },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
