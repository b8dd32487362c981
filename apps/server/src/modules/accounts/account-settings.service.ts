import type { ZUpdateAccountAddress } from '@signlink/contracts/accounts/account-settings';
import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { emailAddressOrThrow } from '../auth/phone-identity.ts';
import { assertCanShareWithinAccount } from '../billing/plan-rules.ts';
import { readAccountAddress } from '../companies/account-address.ts';
import { findHeldCompanyAccount } from '../companies/companies.repository.ts';
import { findCompany, presentCompany } from '../companies/find-company.ts';
import { authorize } from '../document-core/account.policy.ts';
import { updateAccountSettings } from './accounts.repository.ts';

// The address (legal name, organisation number, VAT number) is read in companies/, which proves it.
export { readAccountAddress };

export async function updateAccountAddress(db: Database, actor: Actor, input: z.infer<typeof ZUpdateAccountAddress>) {
  authorize(actor, 'account.manage', { accountId: actor.accountId });
  const invoiceEmail = input.InvoiceEmail ? emailAddressOrThrow(input.InvoiceEmail) : null;
  await updateAccountSettings(db, actor.accountId, {
    addressLine1: input.AddressLine1,
    addressLine2: input.AddressLine2 ?? null,
    zipCode: input.ZipCode,
    city: input.City,
    province: input.Province ?? null,
    // The Settings form has no invoice address field: absent keeps what the invoice customer registration wrote.
    ...(input.InvoiceAddress !== undefined && { invoiceAddress: input.InvoiceAddress || null }),
    invoiceEmail,
  });
  return readAccountAddress(db, actor);
}

export async function setDefaultAccessLevel(db: Database, actor: Actor, level: 'private' | 'shared') {
  authorize(actor, 'account.manage', { accountId: actor.accountId });
  // SPEC section 5: sharing within an account needs MEDIUM or LARGE (or the sharing add-on).
  if (level === 'shared') await assertCanShareWithinAccount(db, actor.accountId);
  await updateAccountSettings(db, actor.accountId, { defaultAccessLevel: level });
  return { DefaultAccessLevel: level };
}

/**
 * The registry's view of a company, to fill in the add-company wizard before the BankID check, and whether the
 * caller already has an account for it (SPEC section 3's AlreadyHaveAccessToAccount), so the wizard can stop
 * before asking for BankID rather than after.
 */
export async function lookUpCompany(
  deps: { db: Database; registry: CompanyRegistry | undefined },
  actor: Actor,
  orgNumber: string,
) {
  const company = await findCompany(deps.registry, orgNumber);
  if (!company) throw new AppError('NOT_FOUND', { details: { reason: 'company-not-found' } });
  const heldAccountId = await findHeldCompanyAccount(deps.db, actor.userId, orgNumber);
  return {
    ...presentCompany(company),
    IsActive: company.status === 'active',
    AlreadyHaveAccessToAccount: heldAccountId !== undefined,
    ...(heldAccountId ? { HeldAccountId: heldAccountId } : {}),
  };
}
