import type { CreateCompanyAccount } from '@signlink/contracts/accounts/company-accounts';
import { money } from '@signlink/contracts/constants';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { parseVatNumber, swedishVatNumberOf } from '@signlink/contracts/validation/vat-number';
import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import type { VatValidator } from '@signlink/providers/vat/vat-validation.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { startSession } from '../auth/start-session.ts';
import { markOrderConsumed } from '../bankid/bankid-orders.repository.ts';
import { type BankIdDeps, settledBankIdOrder } from '../bankid/bankid-orders.service.ts';
import { checkVatNumber } from './check-vat-number.ts';
import {
  type CompanyFields,
  claimWelcomeOffer,
  findHeldCompanyAccount,
  findUserPersonalNumber,
  insertCompanyAccount,
  insertWelcomeOfferEntry,
} from './companies.repository.ts';
import { companyOfOrder } from './org-number-check.ts';

export interface CompanyDeps extends BankIdDeps {
  db: Database;
  secret: string;
  registry: CompanyRegistry | undefined;
  vat: VatValidator | undefined;
}

export interface CompanyAccountOptions {
  /** The partner whose customer the account is (SPEC section 6, a partner's invitation), recorded on it. */
  partnerAccountId?: string;
  /** Writes that stand or fall with the new account (an invitation accepted), in its transaction. */
  inTransaction?: (tx: Transaction, accountId: string) => Promise<void>;
}

/**
 * The add-company wizard's last step (SPEC sections 2, 5 and 9), and a partner's company invitation accepted.
 * The creator becomes its administrator, a Swedish company starts with the welcome offer (SEK 125, recorded in
 * the balance ledger) unless an earlier account for the same organisation number had it, and the answer signs them
 * in to it (201, like an account switch).
 */
export async function createCompanyAccount(
  deps: CompanyDeps,
  actor: Pick<Actor, 'userId'>,
  input: CreateCompanyAccount,
  options: CompanyAccountOptions = {},
) {
  const company =
    'OrgNumber' in input ? await provenSwedishCompany(deps, actor, input) : await provenForeignCompany(deps, input);
  const invoiceEmail = input.InvoiceEmail ? normalizeEmailAddress(input.InvoiceEmail) : undefined;
  if (invoiceEmail && !invoiceEmail.isValid)
    throw new AppError('INVALID_EMAIL', { details: { field: 'InvoiceEmail' } });
  const accountId = newId('acc');
  await deps.db.transaction(async (tx) => {
    if (company.orderId && !(await markOrderConsumed(tx, company.orderId))) {
      throw new AppError('ACTION_CANCELLED', { details: { reason: 'order-already-used' } });
    }
    const { orgNumber } = company.fields;
    const welcomeOffer =
      company.fields.currency === 'SEK' && orgNumber && (await claimWelcomeOffer(tx, orgNumber))
        ? money.welcomeOfferSek
        : 0;
    await insertCompanyAccount(tx, {
      accountId,
      administratorUserId: actor.userId,
      fields: company.fields,
      balanceMinor: welcomeOffer,
      invoiceEmail: invoiceEmail?.isValid ? invoiceEmail.address : undefined,
      partnerAccountId: options.partnerAccountId,
    });
    if (welcomeOffer > 0) await insertWelcomeOfferEntry(tx, { accountId, amountMinor: welcomeOffer });
    await options.inTransaction?.(tx, accountId);
  });
  return startSession(
    { db: deps.db, secret: deps.secret },
    { userId: actor.userId, accountId, method: 'switch', flags: { IsNewCompany: true } },
  );
}

/**
 * A completed organisation-number order of the signed-in person (a user who already identified with
 * BankID must be that person), checked against the registry; one company account per company and person.
 */
export async function provenSwedishCompany(
  deps: CompanyDeps,
  actor: Pick<Actor, 'userId'>,
  input: Extract<CreateCompanyAccount, { OrgNumber: string }>,
  options: { exceptAccountId?: string } = {},
) {
  const order = await settledBankIdOrder(deps, input.ClientAccessKey, { purposes: ['org-validation'] });
  if (order.status !== 'complete')
    throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'order-pending' } });
  const { identity, company } = await companyOfOrder(deps.registry, order, {
    OrgNumber: input.OrgNumber,
    ValidationType: 'any',
  });
  const personalNumber = await findUserPersonalNumber(deps.db, actor.userId);
  if (personalNumber && personalNumber !== identity.personalNumber.digits) {
    throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'another-person' } });
  }
  await refuseHeldCompany(deps.db, actor.userId, input.OrgNumber, options.exceptAccountId);
  const vatNumber = swedishVatNumberOf(input.OrgNumber);
  if (input.VatNumber && input.VatNumber !== vatNumber)
    throw new AppError('VAT_INVALID', { details: { expected: 'SE<org number>01' } });
  const fields: CompanyFields = {
    name: company.LegalName,
    legalName: company.LegalName,
    orgNumber: input.OrgNumber,
    vatNumber,
    addressLine1: company.Address.Street,
    addressLine2: company.Address.AddressLine2,
    zipCode: company.Address.ZipCode,
    city: company.Address.City,
    countryCode: 'SE',
    currency: 'SEK',
  };
  return { fields, orderId: order.id };
}

/** SPEC section 5: a foreign company needs a VAT number that VIES knows, registered to the name given. */
export async function provenForeignCompany(
  deps: CompanyDeps,
  input: Extract<CreateCompanyAccount, { LegalName: string }>,
) {
  const vat = parseVatNumber(input.VatNumber);
  if (!vat || (vat.countryCode !== input.CountryCode && !(vat.countryCode === 'EL' && input.CountryCode === 'GR'))) {
    throw new AppError('VAT_INVALID', { details: { reason: 'country-mismatch' } });
  }
  await checkVatNumber(deps.vat, vat, input.LegalName);
  const fields: CompanyFields = {
    name: input.LegalName,
    legalName: input.LegalName,
    vatNumber: `${vat.countryCode}${vat.number}`,
    addressLine1: input.AddressLine1,
    addressLine2: input.AddressLine2,
    zipCode: input.ZipCode,
    city: input.City,
    province: input.Province,
    countryCode: input.CountryCode,
    currency: 'EUR',
  };
  return { fields, orderId: undefined };
}

async function refuseHeldCompany(db: Database, userId: string, orgNumber: string, exceptAccountId?: string) {
  if (await findHeldCompanyAccount(db, userId, orgNumber, exceptAccountId))
    throw new AppError('ALREADY_HAS_COMPANY_ACCESS');
}
