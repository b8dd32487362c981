import type { IssueGiftCardRequest } from '@signlink/contracts/billing/dev-gift-cards';
import type { ActivateGiftCardResponse } from '@signlink/contracts/billing/vouchers';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId, newPublicCode } from '../../lib/ids.ts';
import { can } from '../document-core/account.policy.ts';
import { findAccountBalance, listVoucherCredits } from './balance.repository.ts';
import { creditVoucher, readBalance } from './balance-ledger.ts';
import { type GiftCardRefusal, giftCardStateOf, presentGiftCard } from './gift-cards.presenter.ts';
import {
  findGiftCardByCode,
  type GiftCardRow,
  insertGiftCard,
  listGiftCardsOf,
  markGiftCardUsed,
  userExists,
} from './gift-cards.repository.ts';
import { isLapsed } from './ledger.ts';

/**
 * Gift cards (SPEC sections 3, 5 and 8): a card credits its value once, as voucher credit lapsing with the card.
 * Refusals in this order: used, expired, another currency than the account's, another user's personal card, and
 * not cumulative (the account still holds unexpired gift-card credit with something left).
 */

/** Whether the account holds gift-card credit that is neither lapsed nor spent. */
async function holdsLiveGiftCredit(db: Database | Transaction, accountId: string, now: Date) {
  const credits = await listVoucherCredits(db, accountId, { source: 'gift-card' });
  return credits.some(
    ({ credit, remainingMinor }) =>
      remainingMinor > 0 && !isLapsed({ voucherCreditId: credit.id, expiresAt: credit.expiresAt }, now),
  );
}

async function refusalFor(
  db: Database | Transaction,
  input: { card: GiftCardRow; actor: Pick<Actor, 'userId' | 'accountId'>; now: Date },
): Promise<GiftCardRefusal | null> {
  const { card, actor, now } = input;
  const state = giftCardStateOf(card, now);
  if (state === 'used') return 'GIFT_CARD_USED';
  if (state === 'expired') return 'GIFT_CARD_EXPIRED';
  const account = await findAccountBalance(db, actor.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  if (account.currency !== card.currency) return 'GIFT_CARD_WRONG_CURRENCY';
  if (card.personalUserId !== null && card.personalUserId !== actor.userId) return 'GIFT_CARD_NOT_ACTIVATED';
  if (await holdsLiveGiftCredit(db, actor.accountId, now)) return 'GIFT_CARD_NOT_CUMULATIVE';
  return null;
}

async function findCardOrThrow(db: Database | Transaction, code: string, options = { lock: false }) {
  const card = await findGiftCardByCode(db, code, options);
  if (!card) throw new AppError('GIFT_CARD_INVALID');
  return card;
}

/** `GET linktinker/vouchers/{code}`: the landing page's view, without a session. */
export async function findGiftCard(db: Database, code: string, now = new Date()) {
  return presentGiftCard(await findCardOrThrow(db, code), now);
}

/** `GET linktinker/app/vouchers/{code}`: with whether the caller's account could activate it now, and if not why. */
export async function findOwnGiftCard(db: Database, actor: Actor, code: string, now = new Date()) {
  const card = await findCardOrThrow(db, code);
  // A role that may not activate at all is told so by CanActivate alone; the catalogue code is about the card.
  const refusal = await refusalFor(db, { card, actor, now });
  const canActivate = refusal === null && can(actor, 'balance.fund', { accountId: actor.accountId });
  return presentGiftCard(card, now, { canActivate, refusal });
}

/** `GET linktinker/app/vouchers`: the user's personal cards and the cards the account activated. */
export async function listGiftCards(db: Database, actor: Actor, now = new Date()) {
  const cards = await listGiftCardsOf(db, { userId: actor.userId, accountId: actor.accountId });
  return { Vouchers: cards.map((card) => presentGiftCard(card, now)) };
}

/**
 * `POST linktinker/app/vouchers/{code}/activate`. The card row is locked first, then the account's: two
 * activations of one card at once run one after the other, and the second finds it used.
 */
export async function activateGiftCard(
  db: Database,
  actor: Actor,
  code: string,
  now = new Date(),
): Promise<ActivateGiftCardResponse> {
  if (!can(actor, 'balance.fund', { accountId: actor.accountId })) throw new AppError('FORBIDDEN');
  const credit = await db.transaction(async (tx) => {
    const card = await findCardOrThrow(tx, code, { lock: true });
    // Locks the account before the not-cumulative check, so two different cards cannot both pass it.
    await findAccountBalance(tx, actor.accountId, { lock: true });
    const refusal = await refusalFor(tx, { card, actor, now });
    if (refusal) throw new AppError(refusal);
    if (!(await markGiftCardUsed(tx, { id: card.id, accountId: actor.accountId, userId: actor.userId, at: now }))) {
      throw new AppError('GIFT_CARD_USED');
    }
    return creditVoucher(tx, {
      id: newId('vcr'),
      accountId: actor.accountId,
      source: 'gift-card',
      name: card.code,
      valueMinor: card.valueMinor,
      currency: card.currency,
      expiresAt: card.expiresAt,
      activatedByUserId: actor.userId,
      giftCardId: card.id,
      now,
    });
  });
  const balance = await readBalance(db, actor.accountId, now);
  return {
    Code: credit.name,
    Credited: credit.valueMinor,
    Currency: credit.currency,
    ExpiresAt: credit.expiresAt?.toISOString() ?? null,
    TotalBalance: balance.totalMinor,
    VoucherBalance: balance.voucherMinor,
  };
}

const year = 365 * 24 * 3_600_000;

/** `POST dev/vouchers` (development only): a new card, valid a year unless told otherwise. */
export async function issueGiftCard(db: Database, input: IssueGiftCardRequest, now = new Date()) {
  const expiresAt =
    input.ExpiresAt === undefined
      ? new Date(now.getTime() + year)
      : input.ExpiresAt === null
        ? null
        : new Date(input.ExpiresAt);
  if (input.PersonalUserId && !(await userExists(db, input.PersonalUserId))) {
    throw new AppError('VALIDATION_FAILED', { details: { field: 'PersonalUserId', reason: 'unknown-user' } });
  }
  const card = await insertGiftCard(db, {
    id: newId('gft'),
    code: input.Code ?? newPublicCode(),
    valueMinor: input.Value,
    currency: input.Currency,
    expiresAt,
    personalUserId: input.PersonalUserId ?? null,
    issuedAt: now,
  });
  if (!card) throw new AppError('VALIDATION_FAILED', { details: { field: 'Code', reason: 'code-taken' } });
  return { Code: card.code, ExpiresAt: card.expiresAt?.toISOString() ?? null };
}
