import { z } from 'zod';
import { ZClientAccessKey } from '../bankid/bankid-orders.ts';
import { ZOrgNumber } from '../validation/org-number.ts';

/** SPEC section 3, Account: the billing address and invoice details (`GET|PUT linktinker/app/account/address`). */
export const ZAccountAddress = z.object({
  LegalName: z.string().nullable(),
  OrgNumber: z.string().nullable(),
  VatNumber: z.string().nullable(),
  AddressLine1: z.string().nullable(),
  AddressLine2: z.string().nullable(),
  ZipCode: z.string().nullable(),
  City: z.string().nullable(),
  Province: z.string().nullable(),
  CountryCode: z.string(),
  InvoiceAddress: z.string().nullable(),
  InvoiceEmail: z.string().nullable(),
});
export type AccountAddress = z.infer<typeof ZAccountAddress>;

/** What an administrator may change; organisation number, VAT number and country are proven, not typed. */
export const ZUpdateAccountAddress = z.object({
  AddressLine1: z.string().trim().min(1).max(200),
  AddressLine2: z.string().trim().max(200).optional(),
  ZipCode: z.string().trim().min(1).max(20),
  City: z.string().trim().min(1).max(100),
  Province: z.string().trim().max(100).optional(),
  InvoiceAddress: z.string().trim().max(500).optional(),
  InvoiceEmail: z.string().trim().max(254).optional(),
});
export type UpdateAccountAddress = z.infer<typeof ZUpdateAccountAddress>;

/** `PUT linktinker/account/defaultaccesslevel`: what new documents of the account get (SPEC section 6). */
export const ZDefaultAccessLevel = z.object({ DefaultAccessLevel: z.enum(['private', 'shared']) });
export type DefaultAccessLevel = z.infer<typeof ZDefaultAccessLevel>;

/** `POST linktinker/app/account/companyinfo`: the registry's data for the add-company wizard. */
export const ZCompanyInfoRequest = z.object({ OrgNumber: ZOrgNumber });
export type CompanyInfoRequest = z.infer<typeof ZCompanyInfoRequest>;
export const ZCompanyInfo = z.object({
  OrgNumber: z.string(),
  LegalName: z.string(),
  LegalForm: z.string(),
  Address: z.object({ Street: z.string(), AddressLine2: z.string().optional(), ZipCode: z.string(), City: z.string() }),
  IsActive: z.boolean(),
  /** The caller already acts for an account of this company: adding it again would be refused. */
  AlreadyHaveAccessToAccount: z.boolean(),
  /** That account, to switch to it. */
  HeldAccountId: z.string().optional(),
});
export type CompanyInfo = z.infer<typeof ZCompanyInfo>;

/**
 * `POST linktinker/app/account/validate/orgnumber`: the account's own organisation number, proven by the
 * administrator's completed organisation-number BankID order; answers the billing address as it now is.
 */
export const ZProveAccountOrgNumber = z.object({ OrgNumber: ZOrgNumber, ClientAccessKey: ZClientAccessKey });
export type ProveAccountOrgNumber = z.infer<typeof ZProveAccountOrgNumber>;
