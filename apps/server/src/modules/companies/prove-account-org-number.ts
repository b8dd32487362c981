import type { ZProveAccountOrgNumber } from '@signlink/contracts/accounts/account-settings';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { markOrderConsumed } from '../bankid/bankid-orders.repository.ts';
import { authorize } from '../document-core/account.policy.ts';
import { readAccountAddress } from './account-address.ts';
import { findAccountById, recordProvenOrgNumber } from './companies.repository.ts';
import { type CompanyDeps, provenSwedishCompany } from './create-company-account.ts';

/**
 * `POST linktinker/app/account/validate/orgnumber` (SPEC section 7): an administrator proves the organisation
 * number of the Swedish company account they act for, as the add-company wizard does (SPEC section 5: a signatory,
 * beneficial owner or board member, by a completed organisation-number BankID order). For an account made before
 * its number was proven (the demo company, say): the registry's legal name, address and the VAT number follow.
 * A proven number is never replaced by another.
 */
export async function proveAccountOrgNumber(
  deps: CompanyDeps,
  actor: Actor,
  input: z.infer<typeof ZProveAccountOrgNumber>,
) {
  authorize(actor, 'account.manage', { accountId: actor.accountId });
  const account = await findAccountById(deps.db, actor.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  if (account.kind === 'personal') throw new AppError('FORBIDDEN', { details: { reason: 'personal-account' } });
  if (account.countryCode !== 'SE') throw new AppError('FORBIDDEN', { details: { reason: 'not-swedish' } });
  if (account.orgNumber && account.orgNumber !== input.OrgNumber) {
    throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'account-has-another' } });
  }
  const company = await provenSwedishCompany(
    deps,
    actor,
    { CountryCode: 'SE', OrgNumber: input.OrgNumber, ClientAccessKey: input.ClientAccessKey },
    { exceptAccountId: account.id },
  );
  const { name: _keepName, currency: _keepCurrency, ...proven } = company.fields;
  await deps.db.transaction(async (tx) => {
    if (!(await markOrderConsumed(tx, company.orderId))) {
      throw new AppError('ACTION_CANCELLED', { details: { reason: 'order-already-used' } });
    }
    // Conditional, so two administrators proving different numbers at once cannot both win.
    if (!(await recordProvenOrgNumber(tx, { accountId: account.id, orgNumber: input.OrgNumber, fields: proven }))) {
      throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'account-has-another' } });
    }
  });
  return readAccountAddress(deps.db, actor);
}
