import { z } from 'zod';
import { currencies } from '../constants.ts';

/**
 * Cost and send (issue 6, parts 4 and 5; SPEC section 7 `POST linktinker/links/cost` and `POST linktinker/links`).
 * Both act on a saved draft: the editor saves (`PUT linktinker/projects/{id}`, the files' rules), then asks.
 */
export const ZCostRequest = z.object({ ProjectId: z.string().min(1).max(64) });
export type CostRequest = z.infer<typeof ZCostRequest>;

export const costLineKinds = [
  'signature-bankid',
  'signature-e-signature',
  'signature-id-e-signature',
  'signature-live-id',
  'sms-message',
  'whatsapp-message',
  /** Signatures drawn from the account's price plan (SPEC section 9): they cost nothing from the balance. */
  'plan-signature',
] as const;
export type CostLineKind = (typeof costLineKinds)[number];

/**
 * The reasons sending refuses a draft (SPEC section 5), each a path and a code, listed together in the
 * DOCUMENT_INVALID error's `details.problems` so the editor shows every one at once.
 */
export const sendProblemCodes = [
  'name-required',
  'no-file',
  'no-signature-field',
  'party-without-contact',
  'party-without-signature-field',
  'field-without-party',
  'invalid-email',
  'invalid-phone',
  'add-on-required',
  'duplicate-signature-index',
  'signature-type-unavailable',
  /** Sign & Pay: a party asked to pay needs the product they pay (SPEC section 3, `paymentLinkId`). */
  'payment-product-required',
] as const;
export type SendProblemCode = (typeof sendProblemCodes)[number];

export const ZSendProblem = z.object({
  code: z.enum(sendProblemCodes),
  path: z.string(),
  signatureIndex: z.number().optional(),
});
export type SendProblem = z.infer<typeof ZSendProblem>;

export const ZCostResponse = z
  .object({
    Currency: z.enum(currencies),
    Lines: z.array(
      z.object({
        Kind: z.enum(costLineKinds),
        Quantity: z.number().int().positive(),
        UnitMinor: z.number().int().nonnegative(),
        AmountMinor: z.number().int().nonnegative(),
      }),
    ),
    /** VAT excluded, minor units. */
    TotalMinor: z.number().int().nonnegative(),
    BalanceMinor: z.number().int().nonnegative(),
    /** False: sending fails with INSUFFICIENT_BALANCE ("not enough balance", top up). */
    IsCovered: z.boolean(),
    /**
     * What sending would refuse (SPEC section 5), as DOCUMENT_INVALID would list it: the editor shows them before
     * Send. A party sending cannot reach (no or an invalid e-mail address or number) is left out of the lines.
     */
    Problems: z.array(ZSendProblem),
  })
  .meta({ id: 'DocumentCost' });
export type CostResponse = z.infer<typeof ZCostResponse>;

export const ZSendRequest = z.object({
  ProjectId: z.string().min(1).max(64),
  /**
   * Sign and send (issue 24, part 5): the first party is the sender (their own e-mail address, else
   * VALIDATION_FAILED), who signs first on the link the response returns; nobody is invited by message until they
   * have, then the other parties are.
   */
  SignFirst: z.boolean().optional(),
});
export type SendRequest = z.infer<typeof ZSendRequest>;

export const ZSendResponse = z.object({
  DocumentId: z.string(),
  /**
   * Each party's link, for the draft's owner only (a colleague who sends a shared draft gets none). With SignFirst,
   * only the first party's: the others' links are made when it has signed.
   */
  Links: z.array(z.object({ Code: z.string(), PartyId: z.string(), Url: z.string() })),
  ReservedMinor: z.number().int().nonnegative(),
  Currency: z.enum(currencies),
});
export type SendResponse = z.infer<typeof ZSendResponse>;
