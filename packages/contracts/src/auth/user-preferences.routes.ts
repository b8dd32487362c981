import { defineRoute } from '../http/route-contract.ts';
import { ZUpdateUserPreferences, ZUserPreferences } from './user-preferences.ts';

/** The personal preferences settings section (SPEC section 2); the path is ours (DECISIONS: paths not shown). */
const tags = ['user'];
const callers = ['session'] as const;

export const readUserPreferencesRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/user/preferences',
  tags,
  callers,
  summary: "The signed-in user's name, contact details, ways in and language",
  responses: { 200: ZUserPreferences },
  errors: [],
});

export const updateUserPreferencesRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/user/preferences',
  tags,
  callers,
  summary: "Change the signed-in user's name and language",
  body: ZUpdateUserPreferences,
  responses: { 200: ZUserPreferences },
  errors: [],
});
