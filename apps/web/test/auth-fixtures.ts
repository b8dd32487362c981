import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { timings } from '@signlink/contracts/constants';
import type { Locale } from '@signlink/contracts/locales';

export interface AuthStateOptions {
  token?: string;
  /** From Date.now(), which fake timers control. */
  expiresInMinutes?: number;
  accountId?: string;
  /** The user's saved language, which the app switches to on login. */
  language?: Locale;
}

/** The auth state of SPEC section 3 as the server answers it: Demo Admin, acting for their company of two accounts. */
export function authStateFor({
  token = 'token-1',
  expiresInMinutes = timings.accessTokenMinutes,
  accountId = 'acc-company',
  language = 'en-us',
}: AuthStateOptions = {}): AuthState {
  const accounts: AuthState['accounts'] = [
    { AccountId: 'acc-company', Name: 'Demo AB', Type: 'company', Role: 2 },
    { AccountId: 'acc-personal', Name: 'Demo Admin', Type: 'personal', Role: 2 },
  ];
  const account = accounts.find((candidate) => candidate.AccountId === accountId) ?? accounts[0];
  if (!account) throw new Error('no account');
  return {
    accessToken: token,
    tokenExpires: new Date(Date.now() + expiresInMinutes * 60_000).toISOString(),
    user: {
      UserId: 'user-1',
      Name: 'Demo Admin',
      Email: 'demo@signlink.test',
      Language: language,
      AccountId: account.AccountId,
      AccountName: account.Name,
      AccountType: account.Type,
      Role: account.Role,
      Currency: 'SEK',
      DefaultAccessLevel: 'private',
      IsPartner: false,
    },
    balances: { TotalBalance: 12_500, VoucherBalance: 0, TotalBalanceEurCent: 0, VoucherBalanceEurCent: 0 },
    PaymentSetting: null,
    ActivePricePlan: null,
    accounts,
    IsNewUser: false,
    IsNewCompany: false,
    AlreadyHaveAccessToAccount: false,
  };
}

/** The path of a recorded request, without its query. */
export function pathOf(url: string): string {
  return new URL(url, 'http://x').pathname;
}
