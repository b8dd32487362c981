import type { AccessRules } from './access-rules.ts';

const signingIn = 'signing in or up: the caller has no session yet, only what it proves in the body';
const bankIdOrder =
  "a BankID order's key is its capability: it shows or cancels that order only (bankid.routes.test.ts)";

/** Routes anyone may call (SPEC section 7): what they give away, and why that is no one's. */
export const openRules: AccessRules = {
  'POST /oauth/generatetoken': { open: signingIn },
  'POST /oauth/generatetoken/sms': { open: signingIn },
  'POST /oauth/generatetoken/sms/validate': { open: signingIn },
  'POST /linktinker/app/register': { open: signingIn },
  'POST /linktinker/app/register/email': { open: signingIn },
  'POST /linktinker/app/register/email/validate': { open: signingIn },
  'POST /linktinker/app/register/sms': { open: signingIn },
  'POST /linktinker/app/register/sms/validate': { open: signingIn },
  'POST /linktinker/app/register/pin': { open: signingIn },
  'POST /linktinker/app/bankid/email': { open: signingIn },
  'POST /linktinker/app/bankid/email/validate': { open: signingIn },
  'POST /linktinker/app/bankid/sms': { open: signingIn },
  'POST /linktinker/app/bankid/sms/validate': { open: signingIn },
  'POST /linktinker/account/pin/reset': { open: 'forgetting a password: the reset goes to the address on file only' },
  'GET /linktinker/account/pin/reset/:id': { open: "a reset's id is its capability, sent to the user's own address" },
  'POST /linktinker/account/pin/reset/:id': { open: "a reset's id is its capability, sent to the user's own address" },
  'GET /linktinker/app/account/invitations/:id/details': {
    open: "the invitation's id is what its e-mail carries; the register page shows what it offers",
  },
  'GET /linktinker/account/referrallink/:code': { open: "a partner's referral link is public by design" },
  'POST /linktinker/app/bankid': { open: signingIn },
  'POST /linktinker/app/bankid/validate': { open: signingIn },
  'POST /linktinker/app/bankid/orgnumber': { open: 'starting a BankID order that proves an organisation number' },
  'POST /linktinker/app/bankid/validate/orgnumber': { open: 'what an approved order proves, to whoever holds its key' },
  'GET /linktinker/app/bankid/:clientAccessKey': { open: bankIdOrder },
  'POST /linktinker/app/bankid/:clientAccessKey/cancel': { open: bankIdOrder },
  'GET /dev/messages': {
    open: "the simulators' outbox, registered only when the simulators run (never in production)",
  },
  'POST /dev/messages': {
    open: "the simulators' outbox, registered only when the simulators run (never in production)",
  },
  'GET /dev/messages/:id/html': {
    open: "the simulators' outbox, registered only when the simulators run (never in production)",
  },
  'POST /dev/vouchers': {
    open: 'issuing gift cards to try redemption, registered only when the simulators run (never in production)',
  },
  'GET /linktinker/vouchers/:code': {
    open: "a gift card's code is what its holder was given; the lookup shows its value and state, rate-limited",
  },
  'GET /linktinker/campaigns/:id': { open: 'a campaign is an offer made public by design' },
  'POST /webhooks/twilio/status': { open: "Twilio's delivery callback: its own signature is checked" },
  'GET /health': { open: 'liveness for the load balancer: says nothing of anyone' },
  'GET /linktinker/verify/ca': { open: "the seal's CA certificate, public so anyone can check a seal" },
  'POST /linktinker/verify': { open: 'anyone may check a PDF they hold against its seal' },
  'GET /linktinker/ip': { open: "the caller's own address, as the server sees it" },
  'GET /linktinker/time': { open: 'the server clock, for maintenance countdowns: the same for everyone' },
};
