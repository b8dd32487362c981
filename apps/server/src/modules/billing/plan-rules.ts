import { planCancelNoticeDays, sharingPricePlans } from '@signlink/contracts/billing/price-list';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { listActiveAddOns } from './account-add-ons.repository.ts';
import { findStartedPlan, type PlanRow } from './plans.repository.ts';

type Db = Database | Transaction;
const dayMs = 24 * 60 * 60 * 1000;

/** SPEC section 5: price plans need a company account (an association is an organisation too; personal is not). */
export function canHoldPlan(account: { kind: string }): boolean {
  return account.kind !== 'personal';
}

export function assertCanHoldPlan(account: { kind: string }) {
  if (!canHoldPlan(account)) throw new AppError('PRICE_PLAN_NEEDS_COMPANY');
}

/** Registered as an invoice customer: invoices need somewhere to go and an address to print (SPEC section 9). */
export function isInvoiceCustomer(account: { invoiceEmail: string | null; invoiceAddress: string | null }): boolean {
  return Boolean(account.invoiceEmail?.trim() && account.invoiceAddress?.trim());
}

/** The last moment a cancellation is accepted: `planCancelNoticeDays` before the term ends (SPEC section 9). */
export function cancelDeadlineOf(plan: Pick<PlanRow, 'endsAt'>): Date {
  return new Date(plan.endsAt.getTime() - planCancelNoticeDays * dayMs);
}

/** SPEC section 5: "Sharing within an account needs MEDIUM or LARGE", or the account-document-sharing add-on. */
export async function canShareWithinAccount(db: Db, accountId: string, now = new Date()): Promise<boolean> {
  const plan = await findStartedPlan(db, accountId, { now });
  if (plan && sharingPricePlans.includes(plan.planId)) return true;
  return (await listActiveAddOns(db, accountId, now)).includes('account-document-sharing');
}

export async function assertCanShareWithinAccount(db: Db, accountId: string, now = new Date()) {
  if (!(await canShareWithinAccount(db, accountId, now))) throw new AppError('SHARING_NEEDS_PLAN');
}

/** SPEC section 5: templates need an annual plan (every plan is yearly), or the templates add-on. */
export async function canUseTemplates(db: Db, accountId: string, now = new Date()): Promise<boolean> {
  if (await findStartedPlan(db, accountId, { now })) return true;
  return (await listActiveAddOns(db, accountId, now)).includes('templates');
}

/**
 * The access level a new document may start with: the account default or the original's, but private while the
 * account may not share (SPEC section 5), so a lapsed plan never refuses an upload or a copy.
 */
export async function allowedAccessLevel(
  db: Db,
  accountId: string,
  level: 'private' | 'shared',
): Promise<'private' | 'shared'> {
  if (level === 'private') return level;
  return (await canShareWithinAccount(db, accountId)) ? 'shared' : 'private';
}
