import { z } from 'zod';
import { ZAuthState } from '../auth/auth-state.ts';

/**
 * The BankID order endpoints of SPEC section 7 (`linktinker/app/bankid…`), field names as the spec gives
 * them. The browser never sees BankID's orderRef or qrStartSecret: it holds a ClientAccessKey, and the
 * server computes each second's QR code (issue 4, part 2).
 */
export const bankIdPurposes = ['login', 'registration'] as const;
export type BankIdPurpose = (typeof bankIdPurposes)[number];

/**
 * What an order is for, as the server keeps it (issue 4, part 3): besides login and registration, the
 * organisation-number check, a recipient's access to a link, and signing a link's signature slot.
 */
export const bankIdOrderPurposes = [
  ...bankIdPurposes,
  'org-validation',
  'link-access',
  'link-signature',
  'link-org-validation',
] as const;
export type BankIdOrderPurpose = (typeof bankIdOrderPurposes)[number];

export const ZClientAccessKey = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'a client access key');
export type ClientAccessKey = z.infer<typeof ZClientAccessKey>;

export const ZStartBankIdRequest = z.object({
  Purpose: z.enum(bankIdPurposes).default('login'),
  /** The key of an order this one replaces (a restart): that order is cancelled. */
  ReplacesClientAccessKey: ZClientAccessKey.optional(),
});
export type StartBankIdRequest = z.input<typeof ZStartBankIdRequest>;

export const ZStartBankIdResponse = z.object({
  ClientAccessKey: ZClientAccessKey,
  /** Opens the BankID app on this device: `bankid:///?autostarttoken=…&redirect=null`. */
  AutoStartURL: z.string(),
  /** The animated QR payload for this second: `bankid.<qrStartToken>.<seconds>.<hmac>`. */
  QrCodeData: z.string(),
});

export const bankIdOrderStatuses = ['pending', 'failed', 'complete', 'cancelled'] as const;

export const ZBankIdRefreshQuery = z.object({ linkId: z.string().max(64).optional() });
export type BankIdRefreshQuery = z.input<typeof ZBankIdRefreshQuery>;

export const ZBankIdRefreshResponse = z.object({
  Status: z.enum(bankIdOrderStatuses),
  /** BankID's hint: outstandingTransaction, started, userSign… or, when failed, userCancel, expiredTransaction… */
  HintCode: z.string().optional(),
  /** Present while pending: the QR for this second. */
  QrCodeData: z.string().optional(),
});

/** An order's path: its ClientAccessKey. */
export const ZBankIdOrderParams = z.object({ clientAccessKey: ZClientAccessKey });
export type BankIdOrderParams = z.input<typeof ZBankIdOrderParams>;

export const ZValidateBankIdRequest = z.object({ ClientAccessKey: ZClientAccessKey });
export type ValidateBankIdRequest = z.input<typeof ZValidateBankIdRequest>;

/** The identity BankID confirmed; personal number shown as YYYYMMDD-XXXX (SPEC section 5). */
export const ZBankIdIdentity = z.object({
  PersonalNumber: z.string(),
  Name: z.string(),
  GivenName: z.string(),
  Surname: z.string(),
});
export type BankIdIdentity = z.infer<typeof ZBankIdIdentity>;

export const ZValidateBankIdResponse = z.object({
  Status: z.enum(bankIdOrderStatuses),
  User: ZBankIdIdentity.optional(),
  /** A login order of a person who has a user: they are signed in (SPEC section 3, Auth state). */
  Auth: ZAuthState.optional(),
  /**
   * A login or registration order of a person with no user yet: the proof of their personal number that
   * the BankID registration's SMS and e-mail steps carry (SPEC section 3, `personalNumberToken`).
   */
  PersonalNumberToken: z.string().optional(),
});

export type StartBankIdResponse = z.infer<typeof ZStartBankIdResponse>;
export type BankIdRefreshResponse = z.infer<typeof ZBankIdRefreshResponse>;
export type ValidateBankIdResponse = z.infer<typeof ZValidateBankIdResponse>;
