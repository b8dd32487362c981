import { defineRoute } from '../http/route-contract.ts';
import { ZAuthState, ZLanguageBody, ZLanguageResponse, ZSwitchAccountParams } from './auth-state.ts';

/** SPEC section 7: `GET user`, account switching and the user's language. Every route needs a session. */
const tags = ['user'];
const callers = ['session'] as const;

export const findCurrentUserRoute = defineRoute({
  method: 'GET',
  path: '/user',
  tags,
  callers,
  summary: 'The auth state of the signed-in user',
  responses: { 200: ZAuthState },
  errors: [],
});

export const switchAccountRoute = defineRoute({
  method: 'POST',
  path: '/user/accounts/:id/switch',
  tags,
  callers,
  summary: "Act for another of the user's accounts: 201 with a new token",
  params: ZSwitchAccountParams,
  responses: { 201: ZAuthState },
  // An account the user is not a member of.
  errors: ['ACCOUNT_SWITCH_FAILED'],
});

export const readLanguageRoute = defineRoute({
  method: 'GET',
  path: '/user/lang',
  tags,
  callers,
  summary: "The user's language",
  responses: { 200: ZLanguageResponse },
  errors: [],
});

export const setLanguageRoute = defineRoute({
  method: 'POST',
  path: '/user/lang',
  tags,
  callers,
  summary: "Set the user's language (messages and the app follow it)",
  body: ZLanguageBody,
  responses: { 200: ZLanguageResponse },
  errors: [],
});
