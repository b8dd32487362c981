import { ZUpdateUserPreferences, ZUserPreferences } from '@signlink/contracts/auth/user-preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity } from '../accounts/account-route-schemas.ts';
import { authErrors } from './auth.routes.ts';
import { readUserPreferences, updateUserPreferences } from './user-preferences.service.ts';

/** The personal preferences settings section (SPEC section 2); the path is ours (DECISIONS: paths not shown). */
export const userPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;
  const tags = ['user'];

  app.get(
    '/linktinker/app/user/preferences',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The signed-in user's name, contact details, ways in and language",
        response: { 200: ZUserPreferences, ...authErrors },
      },
    },
    async (request) => readUserPreferences(db(), requireActor(request)),
  );
  app.put(
    '/linktinker/app/user/preferences',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Change the signed-in user's name and language",
        body: ZUpdateUserPreferences,
        response: { 200: ZUserPreferences, ...authErrors },
      },
    },
    async (request) => updateUserPreferences(db(), requireActor(request), request.body),
  );
};
