import { formatOrgNumber } from '@signlink/contracts/validation/org-number';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findAccountById } from './companies.repository.ts';

/** Any member sees the account's address; only an administrator changes it (SPEC section 6). */
export async function readAccountAddress(db: Database, actor: Actor) {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const account = await findAccountById(db, actor.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  return {
    LegalName: account.legalName,
    OrgNumber: account.orgNumber ? formatOrgNumber(account.orgNumber) : null,
    VatNumber: account.vatNumber,
    AddressLine1: account.addressLine1,
    AddressLine2: account.addressLine2,
    ZipCode: account.zipCode,
    City: account.city,
    Province: account.province,
    CountryCode: account.countryCode,
    InvoiceAddress: account.invoiceAddress,
    InvoiceEmail: account.invoiceEmail,
  };
}
