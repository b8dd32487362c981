import { defineRoute } from '../http/route-contract.ts';
import { ZAuthState } from './auth-state.ts';
import {
  ZRegisterEmailRequest,
  ZRegisterEmailResponse,
  ZRegisterEmailValidate,
  ZRegisterPhoneRequest,
  ZRegisterPhoneResponse,
  ZRegisterPhoneValidate,
  ZRegisterPin,
  ZRegistrationStep,
} from './registration.ts';

/**
 * Sign-up by phone (SPEC section 2 "Registration steps" and section 7 `linktinker/app/register/*`). No session: the
 * RegistrationId and each step's code token carry the sign-up. A RegistrationId unknown or past its hour is
 * NOT_FOUND; too many codes to one phone or address are RATE_LIMITED.
 */
const tags = ['registration'];
const callers = ['client'] as const;

export const startPhoneRegistrationRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/register/sms',
  tags,
  callers,
  summary: 'Step 1: text a code to the phone',
  body: ZRegisterPhoneRequest,
  responses: { 200: ZRegisterPhoneResponse },
  // A phone with a user is ACCOUNT_EXISTS; an unknown or disabled referral link fails before a code is sent.
  errors: ['INVALID_PHONE', 'ACCOUNT_EXISTS', 'REFERRAL_REGISTRATION_FAILED', 'SEND_FAILED', 'RATE_LIMITED'],
});

export const confirmRegistrationPhoneRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/register/sms/validate',
  tags,
  callers,
  summary: "Step 2: the phone's code",
  body: ZRegisterPhoneValidate,
  responses: { 200: ZRegistrationStep },
  errors: ['NOT_FOUND', 'WRONG_CODE'],
});

export const setRegistrationPinRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/register/pin',
  tags,
  callers,
  summary: 'Step 3: the PIN (4 digits)',
  body: ZRegisterPin,
  responses: { 200: ZRegistrationStep },
  // PIN_SAVE_FAILED: the phone is not proven yet.
  errors: ['NOT_FOUND', 'PIN_SAVE_FAILED'],
});

export const startRegistrationEmailRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/register/email',
  tags,
  callers,
  summary: 'Step 4: name and e-mail; the address gets a code',
  body: ZRegisterEmailRequest,
  responses: { 200: ZRegisterEmailResponse },
  // SEND_FAILED also when the PIN is not set yet; an address with a user is ACCOUNT_EXISTS.
  errors: ['NOT_FOUND', 'INVALID_EMAIL', 'ACCOUNT_EXISTS', 'SEND_FAILED', 'RATE_LIMITED'],
});

export const completeRegistrationRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/register/email/validate',
  tags,
  callers,
  summary: "Step 5: the e-mail's code; the user and their personal account are made, signed in",
  body: ZRegisterEmailValidate,
  responses: { 200: ZAuthState },
  // ACCOUNT_CREATE_FAILED: steps missing, or the sign-up already completed; a referral link disabled meanwhile
  // is REFERRAL_REGISTRATION_FAILED; UNAUTHENTICATED if the new user could not be signed in.
  errors: [
    'NOT_FOUND',
    'WRONG_CODE',
    'ACCOUNT_CREATE_FAILED',
    'ACCOUNT_EXISTS',
    'REFERRAL_REGISTRATION_FAILED',
    'UNAUTHENTICATED',
  ],
});

/**
 * `POST linktinker/app/register` (SPEC section 7): completes a person's sign-up from its verified steps. The last
 * step already does this, so both paths are one call with one body: the e-mail's code closes the sign-up.
 */
export const registerRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/register',
  tags,
  callers,
  summary: 'Complete the sign-up from its verified steps: the user and their personal account, signed in',
  body: ZRegisterEmailValidate,
  responses: { 200: ZAuthState },
  errors: completeRegistrationRoute.errors,
});
