import { z } from 'zod';
import { limits } from '../constants.ts';
import { ZOrgNumber } from '../validation/org-number.ts';
import { bankIdOrderStatuses, ZBankIdIdentity, ZClientAccessKey } from './bankid-orders.ts';
import { ZOrgValidationType, ZVerifiedCompany } from './org-number-bankid.ts';

/**
 * The recipient side's BankID endpoints (SPEC section 7, `links/{id}/…bankid`). The recipient is a guest:
 * the link id and the order's ClientAccessKey are what they hold.
 */
export const ZLinkId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{6,64}$/, 'a link id')
  // Link ids are stored upper case (SPEC section 3, Link details).
  .transform((id) => id.toUpperCase());
export type LinkId = z.infer<typeof ZLinkId>;

/** The path of a link's calls, `links/{id}/…`. */
export const ZLinkIdParams = z.object({ id: ZLinkId });
export type LinkIdParams = z.input<typeof ZLinkIdParams>;

/** A link's BankID order: the link's id and the order's ClientAccessKey. */
export const ZLinkBankIdOrderParams = ZLinkIdParams.extend({ clientAccessKey: ZClientAccessKey });
export type LinkBankIdOrderParams = z.input<typeof ZLinkBankIdOrderParams>;

/**
 * SPEC section 7 `requestToken`: the short-lived token `links/{id}/access` returns once the recipient passed the
 * link's gate (issue 8). Calls that act on the document carry it; the gate's own calls come before it exists.
 */
export const ZRequestToken = z.string().min(1).max(1024);
export type RequestToken = z.infer<typeof ZRequestToken>;

export const ZStartLinkBankIdRequest = z.object({
  requestToken: ZRequestToken.optional(),
  /** The key of an order this one replaces (a restart): that order is cancelled. */
  ReplacesClientAccessKey: ZClientAccessKey.optional(),
});
export type StartLinkBankIdRequest = z.input<typeof ZStartLinkBankIdRequest>;

export const ZSignatureIndex = z.number().int().min(0).max(limits.maxSignatureIndex);
export type SignatureIndex = z.infer<typeof ZSignatureIndex>;

export const ZValidateLinkBankIdRequest = z.object({
  ClientAccessKey: ZClientAccessKey,
  SignatureIndex: ZSignatureIndex,
  /** The recipient allows the server to submit the document once the last slot is signed (recipient issue). */
  AllowServerSubmit: z.boolean().default(false),
  /** The browser's offset from UTC, for the signing time printed on the document; times stay UTC. */
  TimeZoneOffsetMinutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
});
export type ValidateLinkBankIdRequest = z.input<typeof ZValidateLinkBankIdRequest>;

export const ZValidateLinkBankIdResponse = z.object({
  Status: z.enum(bankIdOrderStatuses),
  SignatureIndex: ZSignatureIndex.optional(),
  User: ZBankIdIdentity.optional(),
});
export type ValidateLinkBankIdResponse = z.infer<typeof ZValidateLinkBankIdResponse>;

export const ZValidateLinkOrgNumberRequest = z.object({
  ClientAccessKey: ZClientAccessKey,
  OrgNumber: ZOrgNumber,
  /** Keep the verified organisation with the link's verified values, for the signed document. */
  SaveOrgData: z.boolean().default(true),
  ValidationType: ZOrgValidationType.default('any'),
});
export type ValidateLinkOrgNumberRequest = z.input<typeof ZValidateLinkOrgNumberRequest>;

export const ZValidateLinkOrgNumberResponse = z.object({
  Status: z.enum(bankIdOrderStatuses),
  User: ZBankIdIdentity.optional(),
  Company: ZVerifiedCompany.optional(),
});
export type ValidateLinkOrgNumberResponse = z.infer<typeof ZValidateLinkOrgNumberResponse>;
