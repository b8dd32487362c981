import { z } from 'zod';
import { ZCodeToken, ZEmailCode } from '../auth/phone-login.ts';
import { maxPlanYears, pricePlanIds } from '../billing/price-list.ts';
import { currencies } from '../constants.ts';
import { ZOrgNumber } from '../validation/org-number.ts';
import { ZCreateForeignCompany } from './company-accounts.ts';

/**
 * A partner sets up a customer account directly (SPEC sections 2 "add customer account", 3 "Customer account
 * (partner)", 6 and 7 `accounts/validation/email`, `accounts/validation/validate`, `accounts/register`,
 * `accounts/token`): the customer's e-mail is proven by a code sent to it, then the partner gives the company, the
 * price plan and its terms, and may enter the account. Partners' administrators only.
 */

/** Step 1, `accounts/validation/email`: the customer's address gets a code. */
export const ZCustomerEmailRequest = z.strictObject({ EmailAddress: z.string().trim().min(3).max(254) });
export type CustomerEmailRequest = z.infer<typeof ZCustomerEmailRequest>;
export const ZCustomerEmailResponse = z.object({ EmailAddressToken: ZCodeToken });
export type CustomerEmailResponse = z.infer<typeof ZCustomerEmailResponse>;

/** Step 2, `accounts/validation/validate`: the code the customer read out; the answer is the address's proof. */
export const ZCustomerEmailValidate = z.strictObject({ EmailAddressToken: ZCodeToken, Code: ZEmailCode });
export type CustomerEmailValidate = z.infer<typeof ZCustomerEmailValidate>;
export const ZCustomerEmailProof = z.object({
  EmailAddress: z.string(),
  /** Signed by the server for the partner's account, valid for an hour: `accounts/register` needs it. */
  EmailVerificationToken: z.string(),
});
export type CustomerEmailProof = z.infer<typeof ZCustomerEmailProof>;

/** A Swedish company by its organisation number: its name and address come from the company registry. */
export const ZCustomerSwedishCompany = z.strictObject({
  CountryCode: z.literal('SE'),
  OrgNumber: ZOrgNumber,
});
export type CustomerSwedishCompany = z.infer<typeof ZCustomerSwedishCompany>;
/** A company of another EU country, checked in VIES (SPEC section 5: it needs a VAT number). */
export const ZCustomerCompany = z.union([ZCustomerSwedishCompany, ZCreateForeignCompany.omit({ InvoiceEmail: true })]);
export type CustomerCompany = z.infer<typeof ZCustomerCompany>;

/** Who the plan's invoices go to: the customer's proven address, or the partner's invoice e-mail. */
export const customerInvoiceSettings = ['customer', 'partner'] as const;
export type CustomerInvoiceSetting = (typeof customerInvoiceSettings)[number];

const ZUtcDate = z.iso.datetime({ offset: true });

/** Step 3, `accounts/register`: SPEC section 3 "Customer account (partner)", field by field. */
export const ZRegisterCustomerAccount = z
  .strictObject({
    EmailVerificationToken: z.string().min(1).max(2000),
    Company: ZCustomerCompany,
    PricePlanId: z.enum(pricePlanIds),
    Years: z.number().int().min(1).max(maxPlanYears),
    /** Signatures per plan year; the plan's own number when left out. */
    SignatureAmount: z.number().int().min(1).max(100_000).optional(),
    /** ISO 8601. Ignored when `ActivateNow`: the plan then starts at once. */
    StartDate: ZUtcDate.optional(),
    /** ISO 8601; `Years` after the start when left out. At most `Years` after the start. */
    EndDate: ZUtcDate.optional(),
    ActivateNow: z.boolean(),
    InvoiceSetting: z.enum(customerInvoiceSettings),
    /** Minor units of the customer's currency, credited as paid balance. */
    AdditionalAmount: z.number().int().min(0).max(1_000_000_00).default(0),
  })
  .refine((body) => body.ActivateNow || body.StartDate !== undefined, {
    path: ['StartDate'],
    message: 'a start date unless activated now',
  });
export type RegisterCustomerAccount = z.input<typeof ZRegisterCustomerAccount>;

export const ZCustomerAccount = z
  .object({
    AccountId: z.string(),
    Name: z.string(),
    Currency: z.enum(currencies),
    EmailAddress: z.string(),
    PricePlanId: z.enum(pricePlanIds),
    Years: z.number().int().positive(),
    SignaturesPerYear: z.number().int().positive(),
    /** ISO 8601, UTC. */
    StartDate: z.string(),
    EndDate: z.string(),
    InvoiceSetting: z.enum(customerInvoiceSettings),
    AdditionalAmount: z.number().int().nonnegative(),
  })
  .meta({ id: 'CustomerAccount' });
export type CustomerAccount = z.infer<typeof ZCustomerAccount>;

/** Step 4, `accounts/token`: the partner enters one of their customer accounts. */
export const ZCustomerAccountTokenRequest = z.strictObject({ AccountId: z.string().min(1).max(64) });
export type CustomerAccountTokenRequest = z.infer<typeof ZCustomerAccountTokenRequest>;
