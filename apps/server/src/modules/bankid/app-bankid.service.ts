import type { ZValidateOrgNumberRequest } from '@signlink/contracts/bankid/org-number-bankid';
import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import type { z } from 'zod';
import { type BankIdDeps, settledBankIdOrder } from './bankid-orders.service.ts';
import { companyOfOrder } from './org-number-check.ts';

export const appOrderScope = { purposes: ['login', 'registration'] } as const;
export const orgOrderScope = { purposes: ['org-validation'] } as const;

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
