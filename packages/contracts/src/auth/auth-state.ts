import { z } from 'zod';
import { locales } from '../locales.ts';

/**
 * SPEC section 3, Auth state: what `GET user` and every login answer. Amounts are minor units: the SEK
 * fields in öre, the EUR fields in cents, each account having one currency (the other stays 0).
 */
export const ZAuthState = z.object({
  accessToken: z.string(),
  /** ISO 8601, UTC: when the access token stops working unless refreshed. */
  tokenExpires: z.string(),
  user: z.object({
    UserId: z.string(),
    Name: z.string(),
    Email: z.string().optional(),
    PhoneNumber: z.string().optional(),
    Language: z.enum(locales),
    AccountId: z.string(),
    AccountName: z.string(),
    AccountType: z.enum(['personal', 'company', 'association']),
    Role: z.number().int(),
    Currency: z.enum(['SEK', 'EUR']),
    DefaultAccessLevel: z.enum(['private', 'shared']),
    /** SPEC section 6: a partner's administrators add customer accounts and see referral links. */
    IsPartner: z.boolean(),
  }),
  balances: z.object({
    TotalBalance: z.number().int(),
    VoucherBalance: z.number().int(),
    TotalBalanceEurCent: z.number().int(),
    VoucherBalanceEurCent: z.number().int(),
  }),
  /** How the account pays for plans and add-ons: `invoice` for a registered invoice customer, else `card`. */
  PaymentSetting: z.string().nullable(),
  /** The size of the account's live price plan (`SMALL`, `MEDIUM`, `LARGE`), or null without one. */
  ActivePricePlan: z.string().nullable(),
  accounts: z.array(
    z.object({
      AccountId: z.string(),
      Name: z.string(),
      Type: z.enum(['personal', 'company', 'association']),
      Role: z.number().int(),
    }),
  ),
  /**
   * SPEC section 3, Auth state "voucher, campaign and referral ids": those the user signed up or logged in with,
   * kept for billing; absent when none came.
   */
  VoucherActivationId: z.string().optional(),
  CampaignActivationId: z.string().optional(),
  CampaignCodeId: z.string().optional(),
  ReferralLinkId: z.string().optional(),
  ReferralSourceId: z.string().optional(),
  IsNewUser: z.boolean(),
  IsNewCompany: z.boolean(),
  AlreadyHaveAccessToAccount: z.boolean(),
});
export type AuthState = z.infer<typeof ZAuthState>;

/** SPEC section 3, Login credentials payload: ids kept for billing (referrals, vouchers, campaigns). */
export const ZLoginAttribution = z.object({
  ClientId: z.string().max(200).optional(),
  voucherActivationId: z.string().max(200).optional(),
  referralLinkId: z.string().max(200).optional(),
  referralSourceId: z.string().max(200).optional(),
  campaignActivationId: z.string().max(200).optional(),
  campaignCodeId: z.string().max(200).optional(),
  /** The account to act for after login, when the user has several. */
  accountId: z.string().max(64).optional(),
  selectAccountToken: z.string().max(200).optional(),
  Ga4ClientId: z.string().max(200).optional(),
});
export type LoginAttribution = z.infer<typeof ZLoginAttribution>;

export const ZPasswordLogin = ZLoginAttribution.extend({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});
export type PasswordLogin = z.infer<typeof ZPasswordLogin>;

/**
 * OAuth 2's client credentials grant (RFC 6749 section 4.4; issue 26): an API client's id and secret come in
 * `Authorization: Basic`, never in the body or the URL.
 */
export const ZClientCredentialsGrant = z.object({ grant_type: z.literal('client_credentials') });
export type ClientCredentialsGrant = z.infer<typeof ZClientCredentialsGrant>;

/** RFC 6749 section 5.1's answer: the token is ours, acting for the client's account within its access level. */
export const ZClientCredentialsToken = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds. */
  expires_in: z.number().int().positive(),
});
export type ClientCredentialsToken = z.infer<typeof ZClientCredentialsToken>;

export const ZSwitchAccountParams = z.object({ id: z.string().min(1).max(64) });
export type SwitchAccountParams = z.infer<typeof ZSwitchAccountParams>;
export const ZLanguageBody = z.object({ lang: z.enum(locales) });
export type LanguageBody = z.infer<typeof ZLanguageBody>;
export const ZLanguageResponse = z.object({ lang: z.enum(locales) });
export type LanguageResponse = z.infer<typeof ZLanguageResponse>;
