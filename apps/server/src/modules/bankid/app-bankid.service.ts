import type { ZValidateOrgNumberRequest } from '@signlink/contracts/bankid/org-number-bankid';
import { isAdult } from '@signlink/contracts/validation/personal-number';
import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { confirmedIdentity } from './bankid-identity.ts';
import { type BankIdDeps, settledBankIdOrder } from './bankid-orders.service.ts';
import { companyOfOrder } from './org-number-check.ts';

export const appOrderScope = { purposes: ['login', 'registration'] } as const;
export const orgOrderScope = { purposes: ['org-validation'] } as const;

/** The identity of a completed login or registration order. Under-18s cannot register (SPEC sections 5, 9). */
export async function validateBankIdOrder(deps: BankIdDeps, clientAccessKey: string) {
  const order = await settledBankIdOrder(deps, clientAccessKey, appOrderScope);
  if (order.status === 'pending') return { Status: order.status };
  const identity = confirmedIdentity(order);
  if (order.purpose === 'registration' && !isAdult(identity.personalNumber, new Date())) {
    throw new AppError('PERSON_TOO_YOUNG');
  }
  return { Status: order.status, User: identity.user };
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
