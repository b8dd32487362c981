import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import { ZAuthState, ZClientCredentialsGrant, ZClientCredentialsToken, ZPasswordLogin } from './auth-state.ts';
import { ZPhoneLoginRequest, ZPhoneLoginResponse, ZPhoneLoginValidate } from './phone-login.ts';

/** SPEC section 7 Auth: tokens for a user, by e-mail and password or by phone and PIN; refresh and logout. */
const tags = ['auth'];
/** Logging in is done with the web client's basic credentials, before anyone is signed in. */
const client = ['client'] as const;
const session = ['session'] as const;

/**
 * A login payload's `accountId` that is not one of the user's accounts is "account switch failed"; a user without
 * any account cannot be signed in at all (UNAUTHENTICATED).
 */
const sessionStartErrors = ['ACCOUNT_SWITCH_FAILED', 'UNAUTHENTICATED'] as const;

export const loginWithPasswordRoute = defineRoute({
  method: 'POST',
  path: '/oauth/generatetoken',
  tags,
  callers: client,
  summary:
    "Log in with e-mail and password; or, with `grant_type: client_credentials` and an API client's id and secret " +
    'as Basic credentials, a bearer token for the client (JSON or form-encoded)',
  // The web client's login first: its answer, the auth state, is what the web app reads.
  body: z.union([ZPasswordLogin, ZClientCredentialsGrant]),
  responses: { 200: z.union([ZAuthState, ZClientCredentialsToken]) },
  // Any mismatch, a lock too, is the same BAD_CREDENTIALS (SPEC section 8).
  errors: ['BAD_CREDENTIALS', ...sessionStartErrors, 'RATE_LIMITED'],
});

export const startPhoneLoginRoute = defineRoute({
  method: 'POST',
  path: '/oauth/generatetoken/sms',
  tags,
  callers: client,
  summary: 'Phone and PIN, step 1: the PIN is checked and the phone gets a code',
  body: ZPhoneLoginRequest,
  responses: { 200: ZPhoneLoginResponse },
  // A locked PIN and too many codes are RATE_LIMITED; SEND_FAILED when text messages are not set up.
  errors: ['INVALID_PHONE', 'NO_ACCOUNT_FOR_PHONE', 'BAD_PHONE_OR_PIN', 'SEND_FAILED', 'RATE_LIMITED'],
});

export const completePhoneLoginRoute = defineRoute({
  method: 'POST',
  path: '/oauth/generatetoken/sms/validate',
  tags,
  callers: client,
  summary: 'Phone and PIN, step 2: the SMS code signs the user in',
  body: ZPhoneLoginValidate,
  responses: { 200: ZAuthState },
  errors: ['WRONG_CODE', ...sessionStartErrors, 'RATE_LIMITED'],
});

export const refreshSessionRoute = defineRoute({
  method: 'POST',
  path: '/oauth/refreshtoken',
  tags,
  callers: session,
  summary: 'Stay signed in: a new token for 60 more minutes; the old one stops',
  responses: { 200: ZAuthState },
  // The account the session acts for, left meanwhile.
  errors: ['ACCOUNT_SWITCH_FAILED'],
});

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/oauth/logout',
  tags,
  callers: session,
  summary: 'End the session: its token stops at once',
  responses: { 204: z.null() },
  errors: [],
});
