import type { CreateCompanyAccount } from '@signlink/contracts/accounts/company-accounts';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import type { Actor } from '../../http/actor.ts';
import { readBalance } from '../billing/balance-ledger.ts';
import { activateSignUpCampaign, type CampaignLog } from '../billing/campaigns.service.ts';
import { findUserAttribution } from './companies.repository.ts';
import { type CompanyDeps, createCompanyAccount } from './create-company-account.ts';

/**
 * `POST register/company` (SPEC section 7): the sign-up's company account, made as the add-company wizard makes it
 * (welcome offer included), then given the campaign the user signed up with. The campaign never fails the step: it
 * is skipped and logged when it cannot be activated (ended, another currency, already used).
 */
export async function registerCompany(
  deps: CompanyDeps & { log?: CampaignLog },
  actor: Pick<Actor, 'userId'>,
  input: CreateCompanyAccount,
): Promise<AuthState> {
  const state = await createCompanyAccount(deps, actor, input);
  const accountId = state.user.AccountId;
  const attribution = await findUserAttribution(deps.db, actor.userId);
  const outcome = await activateSignUpCampaign(deps.db, {
    accountId,
    userId: actor.userId,
    attribution,
    log: deps.log,
  });
  if (outcome !== 'activated') return state;
  const balance = await readBalance(deps.db, accountId);
  const isSek = state.user.Currency === 'SEK';
  return {
    ...state,
    balances: {
      TotalBalance: isSek ? balance.totalMinor : 0,
      VoucherBalance: isSek ? balance.voucherMinor : 0,
      TotalBalanceEurCent: isSek ? 0 : balance.totalMinor,
      VoucherBalanceEurCent: isSek ? 0 : balance.voucherMinor,
    },
  };
}
