import { z } from 'zod';
import { ZClientAccessKey } from '../bankid/bankid-orders.ts';
import { ZOrgNumber } from '../validation/org-number.ts';
import { ZVatNumber } from '../validation/vat-number.ts';

/**
 * `POST linktinker/app/accounts`, the add-company wizard's last step (SPEC sections 2 and 5). A Swedish
 * company is proven by a completed organisation-number BankID order of the signed-in person; a company of
 * another EU country by its VAT number in VIES, whose registered name must match the one given.
 */
export const ZCreateSwedishCompany = z.object({
  CountryCode: z.literal('SE'),
  OrgNumber: ZOrgNumber,
  ClientAccessKey: ZClientAccessKey,
  VatNumber: ZVatNumber.optional(),
  InvoiceEmail: z.string().trim().max(254).optional(),
});
export type CreateSwedishCompany = z.infer<typeof ZCreateSwedishCompany>;

export const ZCreateForeignCompany = z.object({
  CountryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'a country code')
    .refine((code) => code !== 'SE', 'not SE'),
  LegalName: z.string().trim().min(1).max(200),
  /** SPEC section 5: foreign companies need a VAT number. */
  VatNumber: ZVatNumber,
  AddressLine1: z.string().trim().min(1).max(200),
  AddressLine2: z.string().trim().max(200).optional(),
  ZipCode: z.string().trim().min(1).max(20),
  City: z.string().trim().min(1).max(100),
  Province: z.string().trim().max(100).optional(),
  InvoiceEmail: z.string().trim().max(254).optional(),
});
export type CreateForeignCompany = z.infer<typeof ZCreateForeignCompany>;

export const ZCreateCompanyAccount = z.union([ZCreateSwedishCompany, ZCreateForeignCompany]);
export type CreateCompanyAccount = z.infer<typeof ZCreateCompanyAccount>;

/**
 * `POST linktinker/app/account/validation/orgnumber/email` (SPEC section 7): where BankID is not at hand, the
 * organisation number is proven by a code sent to the company account's invoice e-mail. Without `Code` the code is
 * sent; with the token and code the number is recorded with the registry's name and address.
 */
export const ZOrgNumberEmailStart = z.strictObject({ OrgNumber: ZOrgNumber });
export type OrgNumberEmailStart = z.infer<typeof ZOrgNumberEmailStart>;
export const ZOrgNumberEmailValidate = z.strictObject({
  OrgNumber: ZOrgNumber,
  EmailAddressToken: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a code token'),
  Code: z.string().trim().min(4).max(12),
});
export type OrgNumberEmailValidate = z.infer<typeof ZOrgNumberEmailValidate>;
export const ZOrgNumberEmailRequest = z.union([ZOrgNumberEmailValidate, ZOrgNumberEmailStart]);
export type OrgNumberEmailRequest = z.infer<typeof ZOrgNumberEmailRequest>;
export const ZOrgNumberEmailResponse = z.object({
  Status: z.enum(['code-sent', 'validated']),
  /** Step one: the handle for step two, and where the code went, partly hidden. */
  EmailAddressToken: z.string().optional(),
  EmailAddressMasked: z.string().optional(),
});
export type OrgNumberEmailResponse = z.infer<typeof ZOrgNumberEmailResponse>;
