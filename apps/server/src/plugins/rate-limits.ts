import { findInvitationDetailsRoute } from '@signlink/contracts/accounts/invitations.routes';
import { findReferralLinkDetailsRoute } from '@signlink/contracts/accounts/referral-links.routes';
import {
  completePhoneLoginRoute,
  loginWithPasswordRoute,
  startPhoneLoginRoute,
} from '@signlink/contracts/auth/auth.routes';
import { startBankIdEmailRoute, startBankIdSmsRoute } from '@signlink/contracts/auth/bankid-registration.routes';
import { checkPinResetRoute, requestPinResetRoute, resetPinRoute } from '@signlink/contracts/auth/pin-reset.routes';
import { startPhoneRegistrationRoute, startRegistrationEmailRoute } from '@signlink/contracts/auth/registration.routes';
import { startBankIdOrderRoute, validateBankIdOrderRoute } from '@signlink/contracts/bankid/bankid.routes';
import { refreshLinkBankIdOrderRoute } from '@signlink/contracts/bankid/link-bankid.routes';
import { findCampaignRoute } from '@signlink/contracts/billing/campaigns.routes';
import {
  activateGiftCardRoute,
  findGiftCardRoute,
  findOwnGiftCardRoute,
} from '@signlink/contracts/billing/vouchers.routes';
import type { RateLimitName } from '@signlink/contracts/constants';
import type { RouteContract } from '@signlink/contracts/http/route-contract';
import {
  sendLinkEmailCodeRoute,
  sendLinkEmailValidationCodeRoute,
  sendLinkSmsCodeRoute,
  sendLinkSmsValidationCodeRoute,
} from '@signlink/contracts/links/link-gate.routes';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { clientKeyOf } from '../modules/rate-limits/client-address.ts';
import { enforceRateLimit, type RateLimitDeps } from '../modules/rate-limits/enforce-rate-limit.ts';

/**
 * Routes that send an SMS or e-mail to a destination the caller names, without a session. A recipient's form messages
 * are not here: they go only to the party's own contact or to one proved by a link code, which these limits count.
 */
const anonymousSenders: readonly RouteContract[] = [
  startPhoneRegistrationRoute,
  startRegistrationEmailRoute,
  startBankIdSmsRoute,
  startBankIdEmailRoute,
  requestPinResetRoute,
  startPhoneLoginRoute,
  sendLinkSmsCodeRoute,
  sendLinkEmailCodeRoute,
  sendLinkSmsValidationCodeRoute,
  sendLinkEmailValidationCodeRoute,
];

const logins: readonly RouteContract[] = [
  loginWithPasswordRoute,
  startPhoneLoginRoute,
  completePhoneLoginRoute,
  startBankIdOrderRoute,
  validateBankIdOrderRoute,
];

/**
 * Routes opened by a secret in the path besides a link code: whoever guesses one finds what it opens. A gift card's
 * code is worth money, so its signed-in lookup and activation count too, not only the public one.
 */
const codeLookups: readonly RouteContract[] = [
  findInvitationDetailsRoute,
  findReferralLinkDetailsRoute,
  checkPinResetRoute,
  resetPinRoute,
  findGiftCardRoute,
  findOwnGiftCardRoute,
  activateGiftCardRoute,
  findCampaignRoute,
];

/**
 * A signing page asks for its BankID order's state every second (timings.bankIdQrRefreshMs) with the order's own
 * key beside the link code: not a guess at a code, and five people signing behind one office address would spend
 * the lookup limit on it alone.
 */
const orderPolls: readonly RouteContract[] = [refreshLinkBankIdOrderRoute];

/**
 * The limits a route's requests count against, in the order they are checked (the first refusal stops the rest, so
 * one client over its own limit does not use up everyone's). Every route a link code opens is a lookup, but a poll.
 */
export function rateLimitsOf(contract: RouteContract | undefined): RateLimitName[] {
  if (!contract) return [];
  const names: RateLimitName[] = [];
  const isLookup = contract.callers.includes('link-code') || codeLookups.includes(contract);
  if (isLookup && !orderPolls.includes(contract)) names.push('clientLookups');
  if (logins.includes(contract)) names.push('clientLogins');
  if (anonymousSenders.includes(contract)) names.push('clientSends', 'anonymousSends');
  return names;
}

/** The global limits count every client under one key. */
const everyone = '*';
const isGlobal = (name: RateLimitName) => name === 'anonymousSends';

/**
 * Rate limits per client address and overall (constants `rateLimits`, values from config), checked after the input
 * is validated and before the handler runs: a refused request does nothing but count.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, deps: RateLimitDeps) => {
    // Only the limited routes get the hook, so every other request runs as before.
    app.addHook('onRoute', (route) => {
      const names = rateLimitsOf(route.config?.contract);
      if (names.length === 0) return;
      const enforce: preHandlerAsyncHookHandler = async (request) => {
        const client = clientKeyOf(request.ip);
        for (const name of names) await enforceRateLimit(deps, name, isGlobal(name) ? everyone : client);
      };
      const existing = route.preHandler ?? [];
      route.preHandler = [...(Array.isArray(existing) ? existing : [existing]), enforce];
    });
  },
  { name: 'rate-limits' },
);
