import { readUserPreferencesRoute, updateUserPreferencesRoute } from '@signlink/contracts/auth/user-preferences.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { readUserPreferences, updateUserPreferences } from './user-preferences.service.ts';

/** The personal preferences settings section (SPEC section 2); the path is ours (DECISIONS: paths not shown). */
export const userPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, readUserPreferencesRoute, (request) => readUserPreferences(db(), request.actor));
  route(app, updateUserPreferencesRoute, (request) => updateUserPreferences(db(), request.actor, request.body));
};
