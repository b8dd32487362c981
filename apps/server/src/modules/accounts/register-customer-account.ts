import type {
  CustomerAccount,
  CustomerCompany,
  ZRegisterCustomerAccount,
} from '@signlink/contracts/accounts/customer-accounts';
import { pricePlans } from '@signlink/contracts/billing/price-list';
import { swedishVatNumberOf } from '@signlink/contracts/validation/vat-number';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { addYearsUtc } from '../../lib/calendar.ts';
import { newId } from '../../lib/ids.ts';
import { creditPaid } from '../billing/balance-ledger.ts';
import { type CompanyFields, insertCompanyAccount } from '../companies/companies.repository.ts';
import { type CompanyDeps, provenForeignCompany } from '../companies/create-company-account.ts';
import { findCompany } from '../companies/find-company.ts';
import { authorizePartnerAdmin } from '../document-core/account.policy.ts';
import { findAccountWithPartner, insertCustomerPlan } from './customer-accounts.repository.ts';
import { readCustomerEmailProof } from './customer-email.ts';

type RegisterInput = z.output<typeof ZRegisterCustomerAccount>;

/**
 * `POST accounts/register` (SPEC sections 3 "Customer account (partner)", 6 and 7): a partner's administrator sets
 * up a company account for a customer whose e-mail they proved. The account, its price plan (by invoice, the
 * signatures per year the partner chose, active from the start), the additional amount as paid balance and the
 * partner's administratorship commit together or not at all. Prices come from the price list in the customer's
 * currency; a partner-made account gets no welcome offer, the additional amount being the partner's to give.
 */
export async function registerCustomerAccount(
  deps: CompanyDeps,
  actor: Actor,
  input: RegisterInput,
  now = new Date(),
): Promise<CustomerAccount> {
  authorizePartnerAdmin(actor, 'customers.manage');
  const email = await readCustomerEmailProof(deps.secret, actor, input.EmailVerificationToken);
  const period = planPeriodOf(input, now);
  const fields = await customerCompanyFields(deps, input.Company);
  const invoiceEmail = input.InvoiceSetting === 'customer' ? email : await partnerInvoiceEmail(deps, actor);
  const plan = pricePlans[input.PricePlanId];
  const signaturesPerYear = input.SignatureAmount ?? plan.signaturesPerYear;
  const accountId = newId('acc');
  await deps.db.transaction(async (tx) => {
    await insertCompanyAccount(tx, {
      accountId,
      administratorUserId: actor.userId,
      fields,
      balanceMinor: 0,
      invoiceEmail,
      partnerAccountId: actor.accountId,
    });
    await insertCustomerPlan(tx, {
      id: newId('pln'),
      accountId,
      planId: input.PricePlanId,
      years: input.Years,
      signaturesPerYear,
      yearlyFeeMinor: plan.yearlyFee[fields.currency],
      currency: fields.currency,
      paymentMethod: 'invoice',
      status: 'active',
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      yearStartsAt: period.startsAt,
      orderedBy: actor.userId,
      createdAt: now,
    });
    if (input.AdditionalAmount > 0) {
      await creditPaid(tx, {
        accountId,
        kind: 'partner-credit',
        amountMinor: input.AdditionalAmount,
        note: 'Additional amount from the partner',
        now,
      });
    }
  });
  return {
    AccountId: accountId,
    Name: fields.name,
    Currency: fields.currency,
    EmailAddress: email,
    PricePlanId: input.PricePlanId,
    Years: input.Years,
    SignaturesPerYear: signaturesPerYear,
    StartDate: period.startsAt.toISOString(),
    EndDate: period.endsAt.toISOString(),
    InvoiceSetting: input.InvoiceSetting,
    AdditionalAmount: input.AdditionalAmount,
  };
}

/**
 * Activated now, or from the start date (not in the past); it ends `Years` after the start, or earlier on the end
 * date the partner gave, never later: the plan is prepaid for those years only.
 */
function planPeriodOf(input: RegisterInput, now: Date) {
  const startsAt = input.ActivateNow || !input.StartDate ? now : new Date(input.StartDate);
  if (startsAt.getTime() < now.getTime() - 24 * 3_600_000) throw invalid('body.StartDate', 'not in the past');
  const latestEnd = addYearsUtc(startsAt, input.Years);
  const endsAt = input.EndDate ? new Date(input.EndDate) : latestEnd;
  if (endsAt.getTime() <= startsAt.getTime()) throw invalid('body.EndDate', 'after the start date');
  if (endsAt.getTime() > latestEnd.getTime()) throw invalid('body.EndDate', 'at most Years after the start date');
  return { startsAt, endsAt };
}

function invalid(path: string, message: string) {
  return new AppError('VALIDATION_FAILED', { details: { issues: [{ path, message }] } });
}

/** A Swedish company as the registry has it (SEK); another EU company as VIES knows it (EUR, SPEC section 5). */
async function customerCompanyFields(deps: CompanyDeps, company: CustomerCompany): Promise<CompanyFields> {
  if (!('OrgNumber' in company)) return (await provenForeignCompany(deps, company)).fields;
  const registered = await findCompany(deps.registry, company.OrgNumber);
  if (!registered) throw new AppError('COMPANY_LOOKUP_FAILED', { details: { reason: 'unknown-company' } });
  if (registered.status !== 'active') {
    throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'deregistered' } });
  }
  return {
    name: registered.legalName,
    legalName: registered.legalName,
    orgNumber: company.OrgNumber,
    vatNumber: swedishVatNumberOf(company.OrgNumber),
    addressLine1: registered.address.street,
    addressLine2: registered.address.addressLine2,
    zipCode: registered.address.zipCode,
    city: registered.address.city,
    countryCode: 'SE',
    currency: 'SEK',
  };
}

/** Invoiced to the partner: their invoice e-mail must be set (SPEC section 9, invoices go to the invoice e-mail). */
async function partnerInvoiceEmail(deps: CompanyDeps, actor: Actor) {
  const partner = await findAccountWithPartner(deps.db, actor.accountId);
  if (!partner?.invoiceEmail) throw new AppError('INVOICE_DETAILS_MISSING', { details: { field: 'InvoiceEmail' } });
  return partner.invoiceEmail;
}
