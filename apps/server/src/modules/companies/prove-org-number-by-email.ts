import type { BrandId } from '@signlink/brands/brand-config';
import type { OrgNumberEmailRequest, OrgNumberEmailResponse } from '@signlink/contracts/accounts/company-accounts';
import type { Locale } from '@signlink/contracts/locales';
import { swedishVatNumberOf } from '@signlink/contracts/validation/vat-number';
import type { CompanyRegistry } from '@signlink/providers/company-registry/company-registry.port';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { maskEmail } from '../auth/pin-reset.ts';
import { authorize } from '../document-core/account.policy.ts';
import { type IssueCodeDeps, issueVerificationCode } from '../verification-codes/issue-code.ts';
import { verifyCode } from '../verification-codes/verify-code.ts';
import { findAccountById, findHeldCompanyAccount, recordProvenOrgNumber } from './companies.repository.ts';
import { findCompany } from './find-company.ts';

export type OrgNumberEmailDeps = IssueCodeDeps & { registry: CompanyRegistry | undefined };

/**
 * `POST account/validation/orgnumber/email` (SPEC section 7): an administrator without BankID proves the Swedish
 * company account's organisation number by a code sent to the account's invoice e-mail, the address the company is
 * billed at. The registry's legal name, address and VAT number follow, as with the BankID proof; a proven number is
 * never replaced by another. The code is bound to the account and the number, so it proves nothing else.
 */
export async function proveOrgNumberByEmail(
  deps: OrgNumberEmailDeps,
  actor: Actor,
  input: OrgNumberEmailRequest & { locale: Locale; brand: BrandId },
): Promise<OrgNumberEmailResponse> {
  authorize(actor, 'account.manage', { accountId: actor.accountId });
  const { db } = deps.database;
  const account = await findAccountById(db, actor.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  if (account.kind === 'personal') throw new AppError('FORBIDDEN', { details: { reason: 'personal-account' } });
  if (account.countryCode !== 'SE') throw new AppError('FORBIDDEN', { details: { reason: 'not-swedish' } });
  if (account.orgNumber && account.orgNumber !== input.OrgNumber) {
    throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'account-has-another' } });
  }
  const invoiceEmail = account.invoiceEmail?.toLowerCase();
  if (!invoiceEmail) throw new AppError('INVOICE_DETAILS_MISSING', { details: { field: 'InvoiceEmail' } });
  const subject = { accountId: account.id, orgNumber: input.OrgNumber };
  if (!('Code' in input)) {
    const issued = await issueVerificationCode(deps, {
      purpose: 'email-verification',
      channel: 'email',
      destination: invoiceEmail,
      subject,
      locale: input.locale,
      brand: input.brand,
    });
    return { Status: 'code-sent', EmailAddressToken: issued.token, EmailAddressMasked: maskEmail(invoiceEmail) };
  }
  const verified = await verifyCode(deps, {
    token: input.EmailAddressToken,
    code: input.Code,
    purpose: 'email-verification',
  });
  // A code for another account or number, or to an invoice address changed since, proves nothing here.
  if (
    verified.subject.accountId !== subject.accountId ||
    verified.subject.orgNumber !== subject.orgNumber ||
    verified.destination !== invoiceEmail
  ) {
    throw new AppError('WRONG_CODE', { details: { reason: 'another-proof' } });
  }
  const company = await findCompany(deps.registry, input.OrgNumber);
  if (!company) throw new AppError('COMPANY_LOOKUP_FAILED', { details: { reason: 'unknown-company' } });
  if (company.status !== 'active') {
    throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'deregistered' } });
  }
  if (await findHeldCompanyAccount(db, actor.userId, input.OrgNumber, account.id)) {
    throw new AppError('ALREADY_HAS_COMPANY_ACCESS');
  }
  const recorded = await db.transaction((tx) =>
    recordProvenOrgNumber(tx, {
      accountId: account.id,
      orgNumber: input.OrgNumber,
      fields: {
        legalName: company.legalName,
        orgNumber: input.OrgNumber,
        vatNumber: swedishVatNumberOf(input.OrgNumber),
        addressLine1: company.address.street,
        addressLine2: company.address.addressLine2 ?? null,
        zipCode: company.address.zipCode,
        city: company.address.city,
      },
    }),
  );
  if (!recorded) throw new AppError('ORG_NUMBER_VERIFICATION_FAILED', { details: { reason: 'account-has-another' } });
  return { Status: 'validated' };
}
