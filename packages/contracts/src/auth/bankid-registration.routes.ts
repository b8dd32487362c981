import { defineRoute } from '../http/route-contract.ts';
import { ZAuthState } from './auth-state.ts';
import {
  ZBankIdEmailRequest,
  ZBankIdEmailResponse,
  ZBankIdEmailValidate,
  ZBankIdSmsRequest,
  ZBankIdSmsResponse,
  ZBankIdSmsValidate,
  ZBankIdSmsValidated,
} from './bankid-registration.ts';

/**
 * Registration with BankID (SPEC section 7: `linktinker/app/bankid/sms`, `/sms/validate`, `/bankid/email`,
 * `/email/validate`). No session: the signed personalNumberToken and PhoneNumberProof carry the sign-up, and one
 * expired, forged or of another person is ACTION_CANCELLED.
 */
const tags = ['registration'];
const callers = ['client'] as const;

export const startBankIdSmsRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid/sms',
  tags,
  callers,
  summary: 'BankID registration: text a code to the phone',
  body: ZBankIdSmsRequest,
  responses: { 200: ZBankIdSmsResponse },
  errors: ['ACTION_CANCELLED', 'INVALID_PHONE', 'ACCOUNT_EXISTS', 'SEND_FAILED', 'RATE_LIMITED'],
});

export const validateBankIdSmsRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid/sms/validate',
  tags,
  callers,
  summary: "BankID registration: the phone's code",
  body: ZBankIdSmsValidate,
  responses: { 200: ZBankIdSmsValidated },
  errors: ['ACTION_CANCELLED', 'WRONG_CODE'],
});

export const startBankIdEmailRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid/email',
  tags,
  callers,
  summary: 'BankID registration: e-mail a code to the address',
  body: ZBankIdEmailRequest,
  responses: { 200: ZBankIdEmailResponse },
  errors: [
    'ACTION_CANCELLED',
    'INVALID_EMAIL',
    'ACCOUNT_EXISTS',
    'REFERRAL_REGISTRATION_FAILED',
    'SEND_FAILED',
    'RATE_LIMITED',
  ],
});

export const completeBankIdRegistrationRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/bankid/email/validate',
  tags,
  callers,
  summary: "BankID registration: the e-mail's code; the user is made and signed in",
  body: ZBankIdEmailValidate,
  responses: { 200: ZAuthState },
  errors: ['ACTION_CANCELLED', 'WRONG_CODE', 'ACCOUNT_EXISTS', 'REFERRAL_REGISTRATION_FAILED', 'UNAUTHENTICATED'],
});
