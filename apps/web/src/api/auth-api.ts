import type { AuthState, ZPasswordLogin } from '@signlink/contracts/auth/auth-state';
import type {
  ZBankIdEmailRequest,
  ZBankIdEmailResponse,
  ZBankIdEmailValidate,
  ZBankIdSmsRequest,
  ZBankIdSmsResponse,
  ZBankIdSmsValidate,
  ZBankIdSmsValidated,
} from '@signlink/contracts/auth/bankid-registration';
import type {
  ZPhoneLoginRequest,
  ZPhoneLoginResponse,
  ZPhoneLoginValidate,
} from '@signlink/contracts/auth/phone-login';
import type {
  ZPinResetBody,
  ZPinResetRequest,
  ZPinResetSent,
  ZPinResetStatus,
} from '@signlink/contracts/auth/pin-reset';
import type {
  ZRegisterEmailRequest,
  ZRegisterEmailResponse,
  ZRegisterEmailValidate,
  ZRegisterPhoneRequest,
  ZRegisterPhoneResponse,
  ZRegisterPhoneValidate,
  ZRegisterPin,
  ZRegistrationStep,
} from '@signlink/contracts/auth/registration';
import type { ApiClient } from './api-client.ts';

/** The value a contract schema parses to, read off its `parse` so the web app needs no zod import for types. */
export type Parsed<Schema extends { parse(data: unknown): unknown }> = ReturnType<Schema['parse']>;

export type PasswordLogin = Parsed<typeof ZPasswordLogin>;
export type PhoneLoginRequest = Parsed<typeof ZPhoneLoginRequest>;
export type PhoneLoginResponse = Parsed<typeof ZPhoneLoginResponse>;
export type PhoneLoginValidate = Parsed<typeof ZPhoneLoginValidate>;
export type RegisterPhoneRequest = Parsed<typeof ZRegisterPhoneRequest>;
export type RegisterPhoneResponse = Parsed<typeof ZRegisterPhoneResponse>;
export type RegisterPhoneValidate = Parsed<typeof ZRegisterPhoneValidate>;
export type RegisterPin = Parsed<typeof ZRegisterPin>;
export type RegisterEmailRequest = Parsed<typeof ZRegisterEmailRequest>;
export type RegisterEmailResponse = Parsed<typeof ZRegisterEmailResponse>;
export type RegisterEmailValidate = Parsed<typeof ZRegisterEmailValidate>;
export type RegistrationStep = Parsed<typeof ZRegistrationStep>;
export type BankIdSmsRequest = Parsed<typeof ZBankIdSmsRequest>;
export type BankIdSmsResponse = Parsed<typeof ZBankIdSmsResponse>;
export type BankIdSmsValidate = Parsed<typeof ZBankIdSmsValidate>;
export type BankIdSmsValidated = Parsed<typeof ZBankIdSmsValidated>;
export type BankIdEmailRequest = Parsed<typeof ZBankIdEmailRequest>;
export type BankIdEmailResponse = Parsed<typeof ZBankIdEmailResponse>;
export type BankIdEmailValidate = Parsed<typeof ZBankIdEmailValidate>;
export type PinResetRequest = Parsed<typeof ZPinResetRequest>;
export type PinResetSent = Parsed<typeof ZPinResetSent>;
export type PinResetStatus = Parsed<typeof ZPinResetStatus>;
export type PinResetBody = Parsed<typeof ZPinResetBody>;

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

/** SPEC section 7 Auth: the login and sign-up calls, typed by the contracts in packages/contracts/src/auth. */
export function createAuthApi(client: ApiClient) {
  return {
    loginWithPassword: (body: PasswordLogin) => client.post<AuthState>('oauth/generatetoken', body, anonymous),
    startPhoneLogin: (body: PhoneLoginRequest) =>
      client.post<PhoneLoginResponse>('oauth/generatetoken/sms', body, anonymousOnce),
    validatePhoneLogin: (body: PhoneLoginValidate) =>
      client.post<AuthState>('oauth/generatetoken/sms/validate', body, anonymousOnce),
    registerPhone: (body: RegisterPhoneRequest) =>
      client.post<RegisterPhoneResponse>('linktinker/app/register/sms', body, anonymousOnce),
    validateRegisterPhone: (body: RegisterPhoneValidate) =>
      client.post<RegistrationStep>('linktinker/app/register/sms/validate', body, anonymousOnce),
    registerPin: (body: RegisterPin) => client.post<RegistrationStep>('linktinker/app/register/pin', body, anonymous),
    registerEmail: (body: RegisterEmailRequest) =>
      client.post<RegisterEmailResponse>('linktinker/app/register/email', body, anonymousOnce),
    validateRegisterEmail: (body: RegisterEmailValidate) =>
      client.post<AuthState>('linktinker/app/register/email/validate', body, anonymousOnce),
    // Registration with BankID (SPEC section 3, "BankID SMS step" and "BankID e-mail step").
    bankIdSms: (body: BankIdSmsRequest) =>
      client.post<BankIdSmsResponse>('linktinker/app/bankid/sms', body, anonymousOnce),
    validateBankIdSms: (body: BankIdSmsValidate) =>
      client.post<BankIdSmsValidated>('linktinker/app/bankid/sms/validate', body, anonymousOnce),
    bankIdEmail: (body: BankIdEmailRequest) =>
      client.post<BankIdEmailResponse>('linktinker/app/bankid/email', body, anonymousOnce),
    validateBankIdEmail: (body: BankIdEmailValidate) =>
      client.post<AuthState>('linktinker/app/bankid/email/validate', body, anonymousOnce),
    // PIN reset by link (SPEC section 2): the link is sent, checked when opened, then used once for the new PIN.
    requestPinReset: (body: PinResetRequest) =>
      client.post<PinResetSent>('linktinker/account/pin/reset', body, anonymousOnce),
    checkPinReset: (id: string) =>
      client.get<PinResetStatus>(`linktinker/account/pin/reset/${encodeURIComponent(id)}`, anonymous),
    resetPin: (id: string, body: PinResetBody) =>
      client.post<void>(`linktinker/account/pin/reset/${encodeURIComponent(id)}`, body, anonymousOnce),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
