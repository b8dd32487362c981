import { z } from 'zod';

/**
 * Ours (issue 25, part 2): Sign & Pay pays the document owner's account into its own Stripe account, connected once
 * through Stripe Connect onboarding (the Stripe simulator's by default); Signlink never holds the money. A document
 * that asks a party to pay cannot be sent until the account is connected.
 */
export const payeeAccountStatuses = ['not-connected', 'pending', 'connected'] as const;
export type PayeeAccountStatus = (typeof payeeAccountStatuses)[number];

/** `GET linktinker/app/getpaid/account`: asked of Stripe again while pending, so a finished onboarding shows. */
export const ZPayeeAccount = z
  .object({
    Status: z.enum(payeeAccountStatuses),
    /** Stripe's `acct_…`, once made. */
    ConnectedAccountId: z.string().nullable(),
    /** ISO 8601, UTC: when Stripe first said it can take payments. */
    ConnectedAt: z.string().nullable(),
    /** Administrators connect the account; everyone who sends sees whether it is. */
    CanManage: z.boolean(),
  })
  .meta({ id: 'PayeeAccount' });
export type PayeeAccount = z.infer<typeof ZPayeeAccount>;

/**
 * `POST linktinker/app/getpaid/account/onboarding`: Stripe's onboarding page for the account (made on first use).
 * `ReturnPath` is the app's screen to come back to (a hash route such as `#/settings/payments`), never an address.
 */
export const ZStartOnboardingRequest = z.object({
  ReturnPath: z
    .string()
    .max(200)
    .regex(/^#\/[A-Za-z0-9/_\-?=&.%]*$/, 'a hash route of the app')
    .default('#/settings/payments'),
});
export type StartOnboardingRequest = z.input<typeof ZStartOnboardingRequest>;

export const ZStartOnboardingResponse = z.object({ Url: z.string() });
export type StartOnboardingResponse = z.infer<typeof ZStartOnboardingResponse>;
