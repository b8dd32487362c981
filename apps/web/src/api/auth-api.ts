import {
  completePhoneLoginRoute,
  loginWithPasswordRoute,
  startPhoneLoginRoute,
} from '@signlink/contracts/auth/auth.routes';
import type { AuthState, PasswordLogin } from '@signlink/contracts/auth/auth-state';
import type {
  BankIdEmailRequest,
  BankIdEmailValidate,
  BankIdSmsRequest,
  BankIdSmsValidate,
} from '@signlink/contracts/auth/bankid-registration';
import {
  completeBankIdRegistrationRoute,
  startBankIdEmailRoute,
  startBankIdSmsRoute,
  validateBankIdSmsRoute,
} from '@signlink/contracts/auth/bankid-registration.routes';
import type { PhoneLoginRequest, PhoneLoginValidate } from '@signlink/contracts/auth/phone-login';
import type { PinResetBody, PinResetRequest } from '@signlink/contracts/auth/pin-reset';
import { checkPinResetRoute, requestPinResetRoute, resetPinRoute } from '@signlink/contracts/auth/pin-reset.routes';
import type {
  RegisterEmailRequest,
  RegisterEmailValidate,
  RegisterPhoneRequest,
  RegisterPhoneValidate,
  RegisterPin,
} from '@signlink/contracts/auth/registration';
import {
  completeRegistrationRoute,
  confirmRegistrationPhoneRoute,
  setRegistrationPinRoute,
  startPhoneRegistrationRoute,
  startRegistrationEmailRoute,
} from '@signlink/contracts/auth/registration.routes';
import type { ApiClient } from './api-client.ts';

/** The value a contract schema parses to, read off its `parse` so the web app needs no zod import for types. */
export type Parsed<Schema extends { parse(data: unknown): unknown }> = ReturnType<Schema['parse']>;

/**
 * Calls made before anyone is signed in carry the web client's basic credentials even if a stale token lingers,
 * so a 401 (wrong password, wrong PIN) reads as an answer and not as "your session ended" (SPEC section 7).
 * Silent: each screen shows its own error line (SPEC sections 4 and 8).
 */
const anonymous = { auth: 'client', silent: true } as const;
/**
 * Sending a code, or checking a PIN or a code, is not repeated blindly: a second try could send a second text (three
 * per phone per 15 minutes) or count as a second wrong attempt. The person presses the button again instead.
 */
const anonymousOnce = { ...anonymous, extraTries: 0 } as const;

/** SPEC section 7 Auth: the login and sign-up calls, by the contracts in packages/contracts/src/auth. */
export function createAuthApi(client: ApiClient) {
  return {
    // An e-mail and password always get the auth state; the route's other answer is an API client's token.
    loginWithPassword: (body: PasswordLogin) =>
      client.api(loginWithPasswordRoute, { body }, anonymous).then((answer) => answer as AuthState),
    startPhoneLogin: (body: PhoneLoginRequest) => client.api(startPhoneLoginRoute, { body }, anonymousOnce),
    validatePhoneLogin: (body: PhoneLoginValidate) => client.api(completePhoneLoginRoute, { body }, anonymousOnce),
    registerPhone: (body: RegisterPhoneRequest) => client.api(startPhoneRegistrationRoute, { body }, anonymousOnce),
    validateRegisterPhone: (body: RegisterPhoneValidate) =>
      client.api(confirmRegistrationPhoneRoute, { body }, anonymousOnce),
    registerPin: (body: RegisterPin) => client.api(setRegistrationPinRoute, { body }, anonymous),
    registerEmail: (body: RegisterEmailRequest) => client.api(startRegistrationEmailRoute, { body }, anonymousOnce),
    validateRegisterEmail: (body: RegisterEmailValidate) =>
      client.api(completeRegistrationRoute, { body }, anonymousOnce),
    // Registration with BankID (SPEC section 3, "BankID SMS step" and "BankID e-mail step").
    bankIdSms: (body: BankIdSmsRequest) => client.api(startBankIdSmsRoute, { body }, anonymousOnce),
    validateBankIdSms: (body: BankIdSmsValidate) => client.api(validateBankIdSmsRoute, { body }, anonymousOnce),
    bankIdEmail: (body: BankIdEmailRequest) => client.api(startBankIdEmailRoute, { body }, anonymousOnce),
    validateBankIdEmail: (body: BankIdEmailValidate) =>
      client.api(completeBankIdRegistrationRoute, { body }, anonymousOnce),
    // PIN reset by link (SPEC section 2): the link is sent, checked when opened, then used once for the new PIN.
    requestPinReset: (body: PinResetRequest) => client.api(requestPinResetRoute, { body }, anonymousOnce),
    checkPinReset: (id: string) => client.api(checkPinResetRoute, { params: { id } }, anonymous),
    resetPin: (id: string, body: PinResetBody) => client.api(resetPinRoute, { params: { id }, body }, anonymousOnce),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
