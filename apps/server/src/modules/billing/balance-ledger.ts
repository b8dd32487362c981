import { lowBalanceLevel } from '@signlink/contracts/billing/low-balance';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import {
  addBalanceEntry,
  type BalanceEntryKind,
  findAccountBalance,
  insertVoucherCredit,
  listAccountsWithLapsedCredits,
  listPots,
  type NewVoucherCredit,
  type VoucherCreditRow,
} from './balance.repository.ts';
import { isLapsed, liveTotals, planDraw, planRelease } from './ledger.ts';

/**
 * The account's balance ledger (SPEC sections 4, 5 and 9): append-only lines in the account's one currency, each
 * moving one pot (paid credit or one voucher credit); `accounts.balance_minor` is their cached sum, written with
 * the account row locked. Totals are read from the lines, an expired voucher credit counting as zero even before
 * the expiry job wrote its `voucher-expiry` line.
 */

async function lockAccount(tx: Transaction, accountId: string) {
  const account = await findAccountBalance(tx, accountId, { lock: true });
  if (!account) throw new AppError('NOT_FOUND');
  return account;
}

/** `TotalBalance`, `VoucherBalance` and the low-balance level, from the ledger. */
export async function readBalance(db: Database | Transaction, accountId: string, now = new Date()) {
  const account = await findAccountBalance(db, accountId);
  if (!account) throw new AppError('NOT_FOUND');
  const totals = liveTotals(await listPots(db, { accountId }), now);
  return { currency: account.currency, ...totals, level: lowBalanceLevel(totals.totalMinor, account.currency) };
}

/**
 * Writes what lapsed voucher credits still hold out of the balance, once per credit (a unique index on the
 * expiry line backs this up). The caller holds the account's lock.
 */
async function writeLapsedCredits(tx: Transaction, input: { accountId: string; currency: 'SEK' | 'EUR'; now: Date }) {
  const pots = await listPots(tx, { accountId: input.accountId });
  let lapsedMinor = 0;
  for (const pot of pots) {
    if (!isLapsed(pot, input.now) || pot.remainingMinor === 0) continue;
    await addBalanceEntry(tx, {
      accountId: input.accountId,
      kind: 'voucher-expiry',
      amountMinor: -pot.remainingMinor,
      currency: input.currency,
      voucherCreditId: pot.voucherCreditId,
      createdAt: input.now,
    });
    lapsedMinor += pot.remainingMinor;
  }
  return lapsedMinor;
}

/** The expiry job's work for one account, in its own transaction; a rerun finds nothing left. */
export async function expireLapsedCredits(db: Database, accountId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    return writeLapsedCredits(tx, { accountId, currency: account.currency, now });
  });
}

/** Every account with lapsed voucher credit still on its balance. */
export async function expireAllLapsedCredits(db: Database, now = new Date()) {
  let accounts = 0;
  let lapsedMinor = 0;
  for (const accountId of await listAccountsWithLapsedCredits(db, now)) {
    lapsedMinor += await expireLapsedCredits(db, accountId, now);
    accounts += 1;
  }
  return { accounts, lapsedMinor };
}

/** Paid credit (the welcome offer, a top-up) onto the account, in the caller's transaction. */
export async function creditPaid(
  tx: Transaction,
  input: { accountId: string; kind: BalanceEntryKind; amountMinor: number; note?: string; now?: Date },
) {
  const account = await lockAccount(tx, input.accountId);
  await addBalanceEntry(tx, {
    accountId: input.accountId,
    kind: input.kind,
    amountMinor: input.amountMinor,
    currency: account.currency,
    ...(input.note ? { note: input.note } : {}),
    ...(input.now ? { createdAt: input.now } : {}),
  });
}

/**
 * A gift card's, campaign's or referral's value onto the account as a voucher credit of its own, in the caller's
 * transaction. The caller refuses another currency with its own catalogue code first; this only guards it.
 */
export async function creditVoucher(
  tx: Transaction,
  input: Omit<NewVoucherCredit, 'activatedAt'> & { now: Date },
): Promise<VoucherCreditRow> {
  const { now, ...credit } = input;
  const account = await lockAccount(tx, credit.accountId);
  if (account.currency !== credit.currency) throw new Error('voucher credit in another currency than its account');
  const row = await insertVoucherCredit(tx, { ...credit, activatedAt: now });
  await addBalanceEntry(tx, {
    accountId: credit.accountId,
    kind: 'voucher-credit',
    amountMinor: credit.valueMinor,
    currency: account.currency,
    voucherCreditId: row.id,
    note: `${credit.source}: ${credit.name}`,
    createdAt: now,
  });
  return row;
}

/**
 * A document's cost drawn from the balance (SPEC section 5: the balance must cover it): unexpired voucher credit
 * first, earliest expiry first, then paid credit, one line per pot. Lapsed credit is written off first, so the
 * cached sum and the live total agree after every spend.
 */
export async function spendBalance(
  tx: Transaction,
  input: { accountId: string; documentId: string; amountMinor: number; now?: Date },
) {
  const now = input.now ?? new Date();
  const account = await lockAccount(tx, input.accountId);
  await writeLapsedCredits(tx, { accountId: input.accountId, currency: account.currency, now });
  const pots = await listPots(tx, { accountId: input.accountId });
  const parts = planDraw(pots, input.amountMinor, now);
  if (!parts) {
    throw new AppError('INSUFFICIENT_BALANCE', {
      details: {
        costMinor: input.amountMinor,
        balanceMinor: liveTotals(pots, now).totalMinor,
        currency: account.currency,
      },
    });
  }
  for (const part of parts) {
    await addBalanceEntry(tx, {
      accountId: input.accountId,
      kind: 'document-reservation',
      amountMinor: -part.amountMinor,
      currency: account.currency,
      voucherCreditId: part.voucherCreditId,
      documentId: input.documentId,
      createdAt: now,
    });
  }
  return { currency: account.currency, parts };
}

/**
 * Gives back `amountMinor` of a document's reservation to the pots it came from, except what came from a voucher
 * credit that has lapsed by now (SPEC section 4). Returns what was restored.
 */
export async function releaseToBalance(
  tx: Transaction,
  input: { accountId: string; documentId: string; amountMinor: number; now?: Date },
): Promise<number> {
  const now = input.now ?? new Date();
  const account = await lockAccount(tx, input.accountId);
  const drawn = await listPots(tx, { accountId: input.accountId, documentId: input.documentId });
  const draws = drawn.map((pot) => ({ ...pot, remainingMinor: -pot.remainingMinor }));
  const { restored } = planRelease(draws, input.amountMinor, now);
  for (const part of restored) {
    await addBalanceEntry(tx, {
      accountId: input.accountId,
      kind: 'document-reservation-release',
      amountMinor: part.amountMinor,
      currency: account.currency,
      voucherCreditId: part.voucherCreditId,
      documentId: input.documentId,
      createdAt: now,
    });
  }
  return restored.reduce((sum, part) => sum + part.amountMinor, 0);
}
