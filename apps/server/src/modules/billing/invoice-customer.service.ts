import type { InvoiceCustomer } from '@signlink/contracts/billing/invoices';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findInvoiceDetails, saveInvoiceDetails } from './invoice-customer.repository.ts';

/**
 * An invoice customer is a company account with an invoice e-mail and an invoice address (SPEC section 3, Account);
 * these are the columns `account/address` shows too, so both screens agree. The address is kept as printed, one
 * line per row.
 */
export async function readInvoiceCustomer(db: Database, actor: Actor): Promise<InvoiceCustomer> {
  authorize(actor, 'account.view');
  const account = await findInvoiceDetails(db, actor.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  const lines = account.invoiceAddress?.split('\n').filter((line) => line.trim() !== '') ?? [];
  return {
    IsInvoiceCustomer: Boolean(account.invoiceEmail) && lines.length > 0,
    InvoiceEmail: account.invoiceEmail,
    InvoiceAddress: lines,
  };
}

/**
 * `PUT linktinker/app/account/invoicecustomer`: an administrator registers the account to pay by invoice. Invoices
 * are for companies (plans by invoice need one, SPEC section 7), so a personal account is refused as a plan is.
 */
export async function registerInvoiceCustomer(
  db: Database,
  actor: Actor,
  input: { InvoiceEmail: string; InvoiceAddress: string[] },
): Promise<InvoiceCustomer> {
  authorize(actor, 'billing.manage', { accountId: actor.accountId });
  if (actor.accountKind === 'personal') throw new AppError('PRICE_PLAN_NEEDS_COMPANY');
  const email = normalizeEmailAddress(input.InvoiceEmail);
  if (!email.isValid) throw new AppError('INVALID_EMAIL');
  await saveInvoiceDetails(db, actor.accountId, {
    invoiceEmail: email.address,
    invoiceAddress: input.InvoiceAddress.join('\n'),
  });
  return readInvoiceCustomer(db, actor);
}
