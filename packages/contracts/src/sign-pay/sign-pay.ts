import { z } from 'zod';
import { ZClientAccessKey } from '../bankid/bankid-orders.ts';
import { ZRequestToken } from '../bankid/link-bankid.ts';
import { currencies } from '../constants.ts';
import { ZSignatureIndex } from '../documents/document-model.ts';
import { taxBehaviors } from './payment-products.ts';

/**
 * The paying party's side of Sign & Pay (SPEC sections 4, 5 and 7; issue 25, part 3): after every party has signed,
 * the payer accepts the terms, pays on Stripe's checkout page (on the owner's connected account), comes back, and
 * the page polls the payment's status until it is no longer open.
 */
export const signPayPaymentStatuses = ['open', 'pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type SignPayPaymentStatus = (typeof signPayPaymentStatuses)[number];

/** SPEC section 4, payment outcomes as the page shows them; `open` while the checkout page is still in use. */
export const signPayOutcomes = ['success', 'failed', 'pending', 'cancelled', 'open'] as const;
export type SignPayOutcome = (typeof signPayOutcomes)[number];

/** One slot's payment request, as the recipient sees it. */
export const ZSignPayRequestView = z.object({
  SignatureIndex: ZSignatureIndex,
  /** SPEC `getPaidLabel`: the sender's words for what is paid, or the product's name. */
  Label: z.string(),
  ProductName: z.string(),
  Description: z.string(),
  /** Minor units. */
  Net: z.number().int().nonnegative(),
  Vat: z.number().int().nonnegative(),
  VatPercent: z.number().int().nonnegative(),
  Total: z.number().int().positive(),
  Currency: z.enum(currencies),
  TaxBehavior: z.enum(taxBehaviors),
  /** Who is paid: the owner account's name. */
  PayeeName: z.string(),
  /** `unpaid` until a checkout was started. */
  Status: z.enum(['unpaid', ...signPayPaymentStatuses]),
  /** This recipient's own slot, every party signed, not yet paid: the pay button shows. */
  CanPay: z.boolean(),
  /** The latest payment's id (SPEC `getPaidPaymentId`), once one was started. */
  GetPaidPaymentId: z.string().nullable(),
  PaidAt: z.string().nullable(),
  /** The document asks the payer to prove an e-mail address first; the receipt goes there. */
  RequireEmailVerification: z.boolean(),
});
export type SignPayRequestView = z.infer<typeof ZSignPayRequestView>;

export const ZLinkPaymentsQuery = z.object({ requestToken: ZRequestToken });
export type LinkPaymentsQuery = z.infer<typeof ZLinkPaymentsQuery>;

/** `GET links/{id}/getpaid/payments?requestToken`. */
export const ZLinkPaymentsResponse = z.object({
  Payments: z.array(ZSignPayRequestView),
  /** SPEC section 4: payment is only possible once every party signed. */
  AllSigned: z.boolean(),
  AllPaid: z.boolean(),
});
export type LinkPaymentsResponse = z.infer<typeof ZLinkPaymentsResponse>;

/** `POST links/{id}/sign/pay`: starts a checkout for one of the recipient's own slots. */
export const ZSignPayRequest = z.object({
  RequestToken: ZRequestToken,
  SignatureIndex: ZSignatureIndex,
  /** SPEC section 5: the terms must be accepted before payment; false is PAYMENT_TERMS_NOT_ACCEPTED. */
  AcceptTerms: z.boolean(),
  /**
   * The recipient page to come back to; it must be this link's page on our own host (anything else is INVALID_URL),
   * so a checkout can never send a payer to another site.
   */
  ReturnUrl: z.string().max(2000),
  /** With the document's e-mail verification for Sign & Pay: the key `validation/validate` gave for the address. */
  EmailClientAccessKey: ZClientAccessKey.optional(),
});
export type SignPayRequest = z.input<typeof ZSignPayRequest>;

export const ZSignPayResponse = z.object({
  GetPaidPaymentId: z.string(),
  /** Stripe's checkout page on the owner's account. */
  CheckoutUrl: z.string(),
});
export type SignPayResponse = z.infer<typeof ZSignPayResponse>;

/** `links/{id}/payment/details` (SPEC `RequestToken, GetPaidPaymentId`). */
export const ZSignPayPaymentRequest = z.object({
  RequestToken: ZRequestToken,
  GetPaidPaymentId: z.string().min(1).max(64),
});
export type SignPayPaymentRequest = z.input<typeof ZSignPayPaymentRequest>;

/**
 * The query our return addresses carry: the checkout sends the payer back to the link's page with
 * `signPayPayment=<GetPaidPaymentId>` and `signPayReturn=success|cancel` added to the hash route's query.
 */
export const signPayReturnParams = { payment: 'signPayPayment', returned: 'signPayReturn' } as const;
export const signPayReturns = ['success', 'cancel'] as const;

/**
 * `POST links/{id}/sign/pay/status`. `Returned: cancel` says the payer left the checkout through its cancel link:
 * Stripe keeps such a session open, so we end it (nothing can be paid on it later) and the outcome is cancelled.
 */
export const ZSignPayStatusRequest = ZSignPayPaymentRequest.extend({
  Returned: z.enum(signPayReturns).optional(),
});
export type SignPayStatusRequest = z.input<typeof ZSignPayStatusRequest>;

export const ZSignPayStatusResponse = z.object({
  Outcome: z.enum(signPayOutcomes),
  Status: z.enum(signPayPaymentStatuses),
  /** Every payment of the document is made. */
  AllPaid: z.boolean(),
});
export type SignPayStatusResponse = z.infer<typeof ZSignPayStatusResponse>;

/** The payment as the receipt and the audit trail name it. */
export const ZSignPayPaymentDetails = z
  .object({
    GetPaidPaymentId: z.string(),
    SignatureIndex: ZSignatureIndex,
    Status: z.enum(signPayPaymentStatuses),
    ProductName: z.string(),
    Net: z.number().int().nonnegative(),
    Vat: z.number().int().nonnegative(),
    VatPercent: z.number().int().nonnegative(),
    Total: z.number().int().positive(),
    Currency: z.enum(currencies),
    PayeeName: z.string(),
    /** The provider's id of the payment (Stripe's PaymentIntent `pi_…`), once paid. */
    ProviderPaymentId: z.string().nullable(),
    /** Where the receipt went: the verified or given e-mail address. */
    ReceiptEmail: z.string().nullable(),
    PaidAt: z.string().nullable(),
    RefundedAt: z.string().nullable(),
  })
  .meta({ id: 'SignPayPayment' });
export type SignPayPaymentDetails = z.infer<typeof ZSignPayPaymentDetails>;
