import {
  findCurrentUserRoute,
  readLanguageRoute,
  setLanguageRoute,
  switchAccountRoute,
} from '@signlink/contracts/auth/user.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { currentAuthState, switchAccount } from './current-session.ts';
import { readUserLanguage, setUserLanguage } from './user-preferences.service.ts';

/** SPEC section 7: `GET user`, account switching and the user's language. Every route needs a session. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });

  route(app, findCurrentUserRoute, (request) => {
    const token = (request.headers.authorization ?? '').slice('Bearer '.length).trim();
    return currentAuthState(deps(), request.actor, token);
  });

  route(app, switchAccountRoute, async (request, reply) => {
    const state = await switchAccount(deps(), request.actor, request.params.id);
    return reply.code(201).send(state);
  });

  route(app, readLanguageRoute, (request) => readUserLanguage(app.context.database.db, request.actor));
  route(app, setLanguageRoute, (request) => setUserLanguage(app.context.database.db, request.actor, request.body.lang));
};
