import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { isInvoiceCustomer } from '../billing/plan-rules.ts';
import type { findLiveSession, listUserAccounts } from './sessions.repository.ts';

export interface AuthFlags {
  IsNewUser: boolean;
  IsNewCompany: boolean;
  AlreadyHaveAccessToAccount: boolean;
}

type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** SPEC section 3, Auth state, field by field. Balances are minor units of the account's own currency. */
export function presentAuthState(input: {
  accessToken: string;
  expiresAt: Date;
  live: LiveSession;
  accounts: Awaited<ReturnType<typeof listUserAccounts>>;
  flags?: Partial<AuthFlags> | undefined;
  /** From the balance ledger: lapsed voucher credit counts as zero. */
  balance: { totalMinor: number; voucherMinor: number };
  /** The size of the account's live price plan (`SMALL`, `MEDIUM`, `LARGE`), or null without one. */
  activePricePlan: string | null;
}): AuthState {
  const { user, account, role } = input.live;
  const isSek = account.currency === 'SEK';
  return {
    accessToken: input.accessToken,
    tokenExpires: input.expiresAt.toISOString(),
    user: {
      UserId: user.id,
      Name: user.name,
      ...(user.email ? { Email: user.email } : {}),
      ...(user.phone ? { PhoneNumber: user.phone } : {}),
      Language: user.locale,
      AccountId: account.id,
      AccountName: account.name,
      AccountType: account.kind,
      Role: role,
      Currency: account.currency,
      DefaultAccessLevel: account.defaultAccessLevel,
      IsPartner: account.isPartner,
    },
    balances: {
      TotalBalance: isSek ? input.balance.totalMinor : 0,
      VoucherBalance: isSek ? input.balance.voucherMinor : 0,
      TotalBalanceEurCent: isSek ? 0 : input.balance.totalMinor,
      VoucherBalanceEurCent: isSek ? 0 : input.balance.voucherMinor,
    },
    // How the account pays for plans and add-ons: by invoice once registered as an invoice customer, else by card.
    PaymentSetting: isInvoiceCustomer(account) ? 'invoice' : 'card',
    ActivePricePlan: input.activePricePlan,
    accounts: input.accounts.map((row) => ({
      AccountId: row.account.id,
      Name: row.account.name,
      Type: row.account.kind,
      Role: row.role,
    })),
    ...attributionIdsOf(user.attribution),
    IsNewUser: input.flags?.IsNewUser ?? false,
    IsNewCompany: input.flags?.IsNewCompany ?? false,
    AlreadyHaveAccessToAccount: input.flags?.AlreadyHaveAccessToAccount ?? false,
  };
}

/** The kept ids under the auth state's names, each only when present. */
function attributionIdsOf(attribution: Record<string, string> | null | undefined) {
  const pick = (key: string) => (attribution?.[key] ? attribution[key] : undefined);
  const ids = {
    VoucherActivationId: pick('voucherActivationId'),
    CampaignActivationId: pick('campaignActivationId'),
    CampaignCodeId: pick('campaignCodeId'),
    ReferralLinkId: pick('referralLinkId'),
    ReferralSourceId: pick('referralSourceId'),
  };
  return Object.fromEntries(Object.entries(ids).filter((entry) => entry[1] !== undefined)) as Partial<
    Record<keyof typeof ids, string>
  >;
}
