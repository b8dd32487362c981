import { ZAuthState } from '../auth/auth-state.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZPersonalAccountEmail, ZPersonalAccountEmailSent, ZPersonalAccountValidate } from './personal-accounts.ts';

/** SPEC section 7: `linktinker/app/personalaccounts/validation/email` and `/validate`. */
const tags = ['accounts'];
const callers = ['session'] as const;

export const sendPersonalAccountEmailRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/personalaccounts/validation/email',
  tags,
  callers,
  summary: 'Add a personal account, step 1: the e-mail address gets a code',
  body: ZPersonalAccountEmail,
  responses: { 200: ZPersonalAccountEmailSent },
  // SPEC section 5: one personal account per user; codes per address are limited (RATE_LIMITED).
  errors: ['ACCOUNT_EXISTS', 'INVALID_EMAIL', 'SEND_FAILED', 'RATE_LIMITED'],
});

export const validatePersonalAccountRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/personalaccounts/validation/validate',
  tags,
  callers,
  summary: 'Add a personal account, step 2: the code; the account is made and the user switched to it (201)',
  body: ZPersonalAccountValidate,
  responses: { 201: ZAuthState },
  errors: ['WRONG_CODE', 'ACCOUNT_EXISTS'],
});
