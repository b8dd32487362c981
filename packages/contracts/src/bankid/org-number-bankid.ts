import { z } from 'zod';
import { ZOrgNumber } from '../validation/org-number.ts';
import { bankIdOrderStatuses, ZBankIdIdentity, ZClientAccessKey, ZStartBankIdRequest } from './bankid-orders.ts';

/**
 * The organisation-number check through BankID (SPEC sections 5 and 7): the person identifies with BankID,
 * and the company registry must list them as an authorised signatory, a beneficial owner or a board member
 * (DECISIONS "Readings chosen": any of the three).
 */
export const companyRoles = ['authorised-signatory', 'board-member', 'beneficial-owner'] as const;

/** Which of the registry's roles the check accepts: `any` of the three unless the caller narrows it. */
export const ZOrgValidationType = z.enum(['any', ...companyRoles]);
export type OrgValidationType = z.infer<typeof ZOrgValidationType>;

/** `POST app/bankid/orgnumber`: the order's purpose is the check itself, so only a restart's key is given. */
export const ZStartOrgNumberBankIdRequest = ZStartBankIdRequest.pick({ ReplacesClientAccessKey: true });
export type StartOrgNumberBankIdRequest = z.input<typeof ZStartOrgNumberBankIdRequest>;

export const ZValidateOrgNumberRequest = z.object({
  ClientAccessKey: ZClientAccessKey,
  OrgNumber: ZOrgNumber,
  ValidationType: ZOrgValidationType.default('any'),
});
export type ValidateOrgNumberRequest = z.input<typeof ZValidateOrgNumberRequest>;

export const ZVerifiedCompany = z.object({
  /** Shown as NNNNNN-NNNN. */
  OrgNumber: z.string(),
  LegalName: z.string(),
  LegalForm: z.string(),
  Address: z.object({
    Street: z.string(),
    AddressLine2: z.string().optional(),
    ZipCode: z.string(),
    City: z.string(),
    CountryCode: z.string(),
  }),
  /** The person's roles in the company according to the registry. */
  Roles: z.array(z.enum(companyRoles)),
});
export type VerifiedCompany = z.infer<typeof ZVerifiedCompany>;

export const ZValidateOrgNumberResponse = z.object({
  Status: z.enum(bankIdOrderStatuses),
  User: ZBankIdIdentity.optional(),
  Company: ZVerifiedCompany.optional(),
});

export type ValidateOrgNumberResponse = z.infer<typeof ZValidateOrgNumberResponse>;
