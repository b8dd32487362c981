import { referralGiftCardValue } from '@signlink/contracts/accounts/referral-links';
import { money } from '@signlink/contracts/constants';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { creditVoucher } from '../billing/balance-ledger.ts';
import { authorizePartnerAdmin } from '../document-core/account.policy.ts';
import { presentReferralLink, presentReferralLinkDetails } from './referral-links.presenter.ts';
import {
  countRegistration,
  findLinkWithPartner,
  listPartnerLinks,
  setLinkDisabled,
} from './referral-links.repository.ts';

/** `baseUrl` is the request's brand host, so shared links open in the brand the partner uses. */
export interface ReferralLinkDeps {
  db: Database;
  baseUrl: string;
}

export async function listReferralLinks(deps: ReferralLinkDeps, actor: Actor) {
  authorizePartnerAdmin(actor, 'referralLinks.manage', { accountId: actor.accountId });
  const links = await listPartnerLinks(deps.db, actor.accountId);
  return { ReferralLinks: links.map((link) => presentReferralLink(link, deps.baseUrl)) };
}

/** Another account's link is answered as unknown, so codes cannot be probed across accounts. */
export async function updateReferralLink(
  deps: ReferralLinkDeps,
  actor: Actor,
  input: { code: string; disabled: boolean },
) {
  authorizePartnerAdmin(actor, 'referralLinks.manage', { accountId: actor.accountId });
  const link = await setLinkDisabled(deps.db, { partnerAccountId: actor.accountId, ...input });
  if (!link) throw new AppError('NOT_FOUND');
  return presentReferralLink(link, deps.baseUrl);
}

/** The sign-up page's view of a link, without a session: only an active link is shown. */
export async function findReferralLinkDetails(db: Database, code: string) {
  const found = await findLinkWithPartner(db, code);
  if (!found) throw new AppError('NOT_FOUND');
  if (found.link.disabledAt) throw new AppError('REFERRAL_LINK_DISABLED');
  return presentReferralLinkDetails(found.link, found.partnerName);
}

/** Codes are upper-case; a typed or lower-cased one still finds its link. */
export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Early refusal for a sign-up's first step: a link that is unknown or disabled fails before any code is sent.
 * The last step checks again in its transaction (`claimReferral`), since the link can be disabled meanwhile.
 */
export async function assertReferralUsable(db: Database, code: string) {
  const found = await findLinkWithPartner(db, normaliseReferralCode(code));
  if (!found || found.link.disabledAt) {
    throw new AppError('REFERRAL_REGISTRATION_FAILED', { details: { reason: 'referral-link-unusable' } });
  }
}

/**
 * In the transaction that makes the user (SPEC section 4: a disabled link lets no one register): counts the
 * registration, answers the partner the new account belongs to, and credits the new account the link's gift-card
 * value (SPEC section 3; DECISIONS: SEK 100 / EUR 10 unless the link sets another) as referral voucher credit. The
 * link's own value is in its currency; an account of the other currency gets the default of its own.
 */
export async function claimReferral(tx: Transaction, code: string) {
  const counted = await countRegistration(tx, normaliseReferralCode(code));
  if (!counted) throw new AppError('REFERRAL_REGISTRATION_FAILED', { details: { reason: 'referral-link-unusable' } });
  return {
    partnerAccountId: counted.partnerAccountId,
    afterCreate: async (tx: Transaction, made: { userId: string; accountId: string; currency: 'SEK' | 'EUR' }) => {
      const valueMinor =
        counted.currency === made.currency ? referralGiftCardValue(counted) : money.referralGiftCard[made.currency];
      if (valueMinor <= 0) return;
      const now = new Date();
      await creditVoucher(tx, {
        id: newId('vcr'),
        accountId: made.accountId,
        source: 'referral',
        name: counted.name,
        valueMinor,
        currency: made.currency,
        expiresAt: new Date(now.getTime() + money.referralCreditValidDays * 24 * 3_600_000),
        activatedByUserId: made.userId,
        referralLinkId: counted.id,
        now,
      });
    },
  };
}

/** The sign-up's claim of its referral link (`referralLinkId` of the login payload), when it came with one. */
export function referralClaimFor(attribution: Record<string, string> | null | undefined) {
  const code = attribution?.referralLinkId;
  return code ? (tx: Transaction) => claimReferral(tx, code) : undefined;
}
