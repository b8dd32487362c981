import type { ActivateCampaignResponse, Campaign, CampaignActivation } from '@signlink/contracts/billing/campaigns';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { can } from '../document-core/account.policy.ts';
import { findAccountBalance, type VoucherCreditRow } from './balance.repository.ts';
import { creditVoucher, readBalance } from './balance-ledger.ts';
import {
  type CampaignRow,
  findCampaign,
  findCampaignActivation,
  listCampaignActivations,
} from './campaigns.repository.ts';

/**
 * Campaigns (SPEC sections 3 and 7): activated once per account while the campaign runs, its value credited as
 * voucher credit lapsing `creditValidDays` after activation. Refusals: ended, activated already, another currency.
 */
const day = 24 * 3_600_000;

const isEnded = (campaign: CampaignRow, now: Date) => campaign.validUntil.getTime() < now.getTime();

function presentCampaign(campaign: CampaignRow, now: Date): Campaign {
  return {
    Id: campaign.id,
    Name: campaign.name,
    Description: campaign.description,
    CreditValue: campaign.creditMinor,
    Currency: campaign.currency,
    ValidUntil: campaign.validUntil.toISOString(),
    CreditValidDays: campaign.creditValidDays,
    IsEnded: isEnded(campaign, now),
  };
}

function presentActivation(credit: VoucherCreditRow): CampaignActivation {
  return {
    Id: credit.id,
    CampaignId: credit.campaignId ?? '',
    Name: credit.name,
    Credited: credit.valueMinor,
    Currency: credit.currency,
    ActivatedAt: credit.activatedAt.toISOString(),
    ExpiresAt: credit.expiresAt?.toISOString() ?? null,
  };
}

async function findCampaignOrThrow(db: Database, id: string) {
  const campaign = await findCampaign(db, id);
  if (!campaign) throw new AppError('NOT_FOUND');
  return campaign;
}

/** `GET linktinker/campaigns/{id}`, without a session. */
export async function findCampaignDetails(db: Database, id: string, now = new Date()) {
  return presentCampaign(await findCampaignOrThrow(db, id), now);
}

/** `GET linktinker/app/campaigns`. */
export async function listActivations(db: Database, actor: Actor) {
  return { Activations: (await listCampaignActivations(db, actor.accountId)).map(presentActivation) };
}

/** `POST linktinker/app/campaigns/{id}/activate`. */
export async function activateCampaign(
  db: Database,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<ActivateCampaignResponse> {
  if (!can(actor, 'balance.fund', { accountId: actor.accountId })) throw new AppError('FORBIDDEN');
  const campaign = await findCampaignOrThrow(db, id);
  const credit = await creditCampaign(db, { campaign, accountId: actor.accountId, userId: actor.userId, now });
  const balance = await readBalance(db, actor.accountId, now);
  return {
    Activation: presentActivation(credit),
    TotalBalance: balance.totalMinor,
    VoucherBalance: balance.voucherMinor,
  };
}

/**
 * The campaign's value onto the account, once: refused when ended, activated already or of another currency. The
 * account row is locked before the once-per-account check, so two activations at once credit it once (a unique
 * index on campaign and account backs this up).
 */
async function creditCampaign(
  db: Database,
  input: { campaign: CampaignRow; accountId: string; userId: string; now: Date },
) {
  const { campaign, accountId, now } = input;
  if (isEnded(campaign, now)) throw new AppError('CAMPAIGN_ENDED');
  return db.transaction(async (tx) => {
    const account = await findAccountBalance(tx, accountId, { lock: true });
    if (!account) throw new AppError('NOT_FOUND');
    if (await findCampaignActivation(tx, { campaignId: campaign.id, accountId })) {
      throw new AppError('CAMPAIGN_ALREADY_ACTIVATED');
    }
    if (account.currency !== campaign.currency) throw new AppError('CAMPAIGN_WRONG_CURRENCY');
    return creditVoucher(tx, {
      id: newId('vcr'),
      accountId,
      source: 'campaign',
      name: campaign.name,
      valueMinor: campaign.creditMinor,
      currency: campaign.currency,
      expiresAt: new Date(now.getTime() + campaign.creditValidDays * day),
      activatedByUserId: input.userId,
      campaignId: campaign.id,
      now,
    });
  });
}

/** Where a skipped sign-up campaign is reported (the request's logger). */
export interface CampaignLog {
  warn(details: object, message: string): void;
}

/**
 * SPEC section 3, Login credentials payload: an account made by a sign-up that came with a campaign id
 * (`campaignActivationId`, else `campaignCodeId`) gets the campaign. The sign-up must not fail for it: an unknown,
 * ended, already used or foreign-currency campaign is skipped and logged. Runs after the account's own commit.
 */
export async function activateSignUpCampaign(
  db: Database,
  input: {
    accountId: string;
    userId: string;
    attribution: Record<string, string> | null | undefined;
    log?: CampaignLog;
  },
  now = new Date(),
): Promise<'activated' | 'skipped' | 'none'> {
  const id = input.attribution?.campaignActivationId ?? input.attribution?.campaignCodeId;
  if (!id) return 'none';
  try {
    const campaign = await findCampaignOrThrow(db, id);
    await creditCampaign(db, { campaign, accountId: input.accountId, userId: input.userId, now });
    return 'activated';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    input.log?.warn({ campaignId: id, accountId: input.accountId, code: error.code }, 'Sign-up campaign skipped');
    return 'skipped';
  }
}
