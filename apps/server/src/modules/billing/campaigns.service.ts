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

/**
 * `POST linktinker/app/campaigns/{id}/activate`. The account row is locked before the once-per-account check, so
 * two activations at once credit it once (a unique index on campaign and account backs this up).
 */
export async function activateCampaign(
  db: Database,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<ActivateCampaignResponse> {
  if (!can(actor, 'balance.fund', { accountId: actor.accountId })) throw new AppError('FORBIDDEN');
  const campaign = await findCampaignOrThrow(db, id);
  if (isEnded(campaign, now)) throw new AppError('CAMPAIGN_ENDED');
  const credit = await db.transaction(async (tx) => {
    const account = await findAccountBalance(tx, actor.accountId, { lock: true });
    if (!account) throw new AppError('NOT_FOUND');
    if (await findCampaignActivation(tx, { campaignId: campaign.id, accountId: actor.accountId })) {
      throw new AppError('CAMPAIGN_ALREADY_ACTIVATED');
    }
    if (account.currency !== campaign.currency) throw new AppError('CAMPAIGN_WRONG_CURRENCY');
    return creditVoucher(tx, {
      id: newId('vcr'),
      accountId: actor.accountId,
      source: 'campaign',
      name: campaign.name,
      valueMinor: campaign.creditMinor,
      currency: campaign.currency,
      expiresAt: new Date(now.getTime() + campaign.creditValidDays * day),
      activatedByUserId: actor.userId,
      campaignId: campaign.id,
      now,
    });
  });
  const balance = await readBalance(db, actor.accountId, now);
  return {
    Activation: presentActivation(credit),
    TotalBalance: balance.totalMinor,
    VoucherBalance: balance.voucherMinor,
  };
}
