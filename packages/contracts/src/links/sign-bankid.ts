import type { z } from 'zod';
import {
  ZSignatureIndex,
  ZStartLinkBankIdRequest,
  ZValidateLinkBankIdRequest,
  ZValidateLinkBankIdResponse,
} from '../bankid/link-bankid.ts';
import { ZLinkStatusResponse } from './link-access.ts';
import { ZSlotFormValues } from './sign-ink.ts';

/**
 * `POST links/{id}/validation/bankid`: a signature order needs the RequestToken of the link's access (issue 8), and
 * when it names the slot, the slot is checked before the person signs in the app (theirs, a BankID slot, unsigned).
 */
export const ZStartLinkSignatureRequest = ZStartLinkBankIdRequest.extend({
  SignatureIndex: ZSignatureIndex.optional(),
});
export type StartLinkSignatureRequest = z.input<typeof ZStartLinkSignatureRequest>;

/**
 * `POST links/{id}/validation/validate/bankid` (SPEC section 7): a completed signature order signs the slot, with the
 * values of the slot's fields as ink signing takes them.
 */
export const ZSignLinkBankIdRequest = ZValidateLinkBankIdRequest.extend({
  FormValues: ZSlotFormValues.default({}),
});
export type SignLinkBankIdRequest = z.input<typeof ZSignLinkBankIdRequest>;

/** Once complete, the signing state after the signature, as `links/{id}/status` gives it. */
export const ZSignLinkBankIdResponse = ZValidateLinkBankIdResponse.extend({
  Signing: ZLinkStatusResponse.optional(),
});
export type SignLinkBankIdResponse = z.infer<typeof ZSignLinkBankIdResponse>;
