import { ZAuthState } from '../auth/auth-state.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZAccountAddress, ZProveAccountOrgNumber } from './account-settings.ts';
import { ZCreateCompanyAccount, ZOrgNumberEmailRequest, ZOrgNumberEmailResponse } from './company-accounts.ts';

/** SPEC section 7 Accounts: the add-company wizard. Any signed-in user may add a company they can prove. */
const tags = ['accounts'];
const callers = ['session'] as const;

/** A Swedish company proven by the caller's organisation-number BankID order and the company registry. */
const proofErrors = [
  'NOT_FOUND',
  'ACTION_CANCELLED',
  'BANKID_START_FAILED',
  'ORG_NUMBER_VERIFICATION_FAILED',
  'COMPANY_LOOKUP_FAILED',
  'INVALID_PERSONAL_NUMBER',
  'ALREADY_HAS_COMPANY_ACCESS',
] as const;

export const createCompanyAccountRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/accounts',
  tags,
  callers,
  summary: 'Add a company account: Swedish by BankID and the company registry, foreign by VIES',
  body: ZCreateCompanyAccount,
  responses: { 201: ZAuthState },
  errors: [...proofErrors, 'VAT_INVALID', 'VAT_VALIDATION_UNAVAILABLE', 'INVALID_EMAIL'],
});

export const proveAccountOrgNumberRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/account/validate/orgnumber',
  tags,
  callers,
  summary:
    "Prove the Swedish company account's own organisation number by the administrator's completed " +
    "organisation-number BankID order; the registry's name and address follow",
  body: ZProveAccountOrgNumber,
  responses: { 200: ZAccountAddress },
  errors: [...proofErrors, 'FORBIDDEN'],
});

/**
 * `POST linktinker/app/register/company` (SPEC section 7): the sign-up's company step, for the user just registered
 * or signed in. It makes the account the add-company wizard does (`accounts`), welcome offer included, and also
 * activates the campaign the user signed up with (SPEC section 3, Login credentials payload).
 */
export const registerCompanyRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/register/company',
  tags: ['registration', ...tags],
  callers,
  summary: "Add the new user's company account, with the welcome offer and their sign-up campaign",
  body: ZCreateCompanyAccount,
  responses: { 201: ZAuthState },
  errors: createCompanyAccountRoute.errors,
});

export const proveOrgNumberByEmailRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/account/validation/orgnumber/email',
  tags,
  callers,
  summary:
    "Prove the Swedish company account's organisation number by a code to its invoice e-mail, where BankID is " +
    'not available: without Code the code is sent, with it the number is recorded',
  body: ZOrgNumberEmailRequest,
  responses: { 200: ZOrgNumberEmailResponse },
  // INVOICE_DETAILS_MISSING: the account has no invoice e-mail to send to.
  errors: [
    'FORBIDDEN',
    'NOT_FOUND',
    'INVOICE_DETAILS_MISSING',
    'WRONG_CODE',
    'ORG_NUMBER_VERIFICATION_FAILED',
    'COMPANY_LOOKUP_FAILED',
    'ALREADY_HAS_COMPANY_ACCESS',
    'SEND_FAILED',
    'RATE_LIMITED',
  ],
});
