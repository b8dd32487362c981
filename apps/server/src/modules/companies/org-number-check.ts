import {
  companyRoles,
  type ZOrgValidationType,
  type ZValidateOrgNumberRequest,
} from '@signlink/contracts/bankid/org-number-bankid';
import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { confirmedIdentity } from '../bankid/bankid-identity.ts';
import type { BankIdOrderRow } from '../bankid/bankid-orders.repository.ts';
import { type BankIdDeps, settledBankIdOrder } from '../bankid/bankid-orders.service.ts';
import { orgOrderScope } from '../bankid/order-scopes.ts';
import { findCompany, presentCompany } from './find-company.ts';

type OrgValidationType = z.infer<typeof ZOrgValidationType>;
type CompanyRole = (typeof companyRoles)[number];

/**
 * SPEC section 5: the person must be an authorised signatory, beneficial owner or board member of the
 * company according to the registry (DECISIONS: any of the three), or the one role the caller asks for.
 * A company the registry does not know, or one struck off, cannot be verified either; a registry that
 * cannot answer is "company lookup failed", so the user knows to try again rather than that they lack rights.
 */
async function checkCompanyRole(
  registry: CompanyRegistry | undefined,
  input: { orgNumber: string; personalNumber: string; validationType: OrgValidationType },
) {
  const company = await findCompany(registry, input.orgNumber);
  if (!company) throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'company-not-found' } });
  if (company.status !== 'active') {
    throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'company-not-active' } });
  }
  const held = new Set(
    company.officers
      .filter((officer) => officer.personalNumber === input.personalNumber)
      .flatMap((officer) => officer.roles),
  );
  // In the catalogue's order, so the answer does not depend on how the registry lists them.
  const roles: CompanyRole[] = companyRoles.filter((role) => held.has(role));
  const accepted = input.validationType === 'any' ? roles.length > 0 : roles.includes(input.validationType);
  if (!accepted) throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'not-authorised' } });
  return { ...presentCompany(company), Roles: roles };
}

/** The person of a completed order, and the company the registry says they may act for. */
export async function companyOfOrder(
  registry: CompanyRegistry | undefined,
  order: BankIdOrderRow,
  input: { OrgNumber: string; ValidationType: OrgValidationType },
) {
  const identity = confirmedIdentity(order);
  const company = await checkCompanyRole(registry, {
    orgNumber: input.OrgNumber,
    personalNumber: identity.personalNumber.digits,
    validationType: input.ValidationType,
  });
  return { identity, company };
}

/** The person of a completed order, checked against the company registry for the organisation number. */
export async function validateOrgNumberOrder(
  deps: BankIdDeps & { registry: CompanyRegistry | undefined },
  input: z.infer<typeof ZValidateOrgNumberRequest>,
) {
  const order = await settledBankIdOrder(deps, input.ClientAccessKey, orgOrderScope);
  if (order.status === 'pending') return { Status: order.status };
  const { identity, company } = await companyOfOrder(deps.registry, order, input);
  return { Status: order.status, User: identity.user, Company: company };
}
