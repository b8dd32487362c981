import { z } from 'zod';
import { ZClientAccessKey } from '../bankid/bankid-orders.ts';
import { ZRequestToken } from '../bankid/link-bankid.ts';

/**
 * The SMS and e-mail gate of a link (SPEC sections 4 and 7): `links/{id}/sms` and `links/{id}/email` send a code and
 * answer its ClientAccessKey; `links/{id}/validation/validate` checks the typed code. `value` may be left out when
 * the sender gave the party's number or address (shown masked in the link details): the code goes there, and a
 * different typed value is refused, so a recipient cannot send a link's code to a phone of their choosing.
 */
export const ZLinkCodeRequest = z.object({
  value: z.string().trim().max(254).optional(),
});
export type LinkCodeRequest = z.input<typeof ZLinkCodeRequest>;

export const ZLinkCodeResponse = z.object({
  /** Names the code without revealing it; `validation/validate` and then `access` take it. */
  ClientAccessKey: ZClientAccessKey,
});
export type LinkCodeResponse = z.infer<typeof ZLinkCodeResponse>;

/**
 * `links/{id}/validation/sms` and `/validation/email`: with `accessDocument`, the gate's own code (as `links/{id}/sms`);
 * without it, a contact the recipient verifies after the gate (SPEC section 3, verified values), so the RequestToken
 * of `access` is needed.
 */
export const ZLinkContactCodeRequest = z.object({
  value: z.string().trim().max(254).optional(),
  requestToken: ZRequestToken.optional(),
  accessDocument: z.boolean().default(false),
});
export type LinkContactCodeRequest = z.input<typeof ZLinkContactCodeRequest>;

export const ZLinkValidateCodeRequest = z.object({
  /** As typed: 4 digits by SMS, 6 characters by e-mail (DECISIONS, OTP codes). */
  Code: z.string().trim().min(1).max(32),
  ClientAccessKey: ZClientAccessKey,
});
export type LinkValidateCodeRequest = z.input<typeof ZLinkValidateCodeRequest>;

export const ZLinkValidateCodeResponse = z.object({
  ClientAccessKey: ZClientAccessKey,
  Type: z.enum(['sms', 'email']),
  /** `gate`: pass the key to `access` (as SmsClientAccessKey or EmailClientAccessKey) within 10 minutes, once. */
  Use: z.enum(['gate', 'contact']),
});
export type LinkValidateCodeResponse = z.infer<typeof ZLinkValidateCodeResponse>;
