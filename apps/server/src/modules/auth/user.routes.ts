import {
  ZAuthState,
  ZLanguageBody,
  ZLanguageResponse,
  ZSwitchAccountParams,
} from '@signlink/contracts/auth/auth-state';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/accounts.ts';
import { requireActor } from '../../plugins/auth.ts';
import { authErrors } from './auth.routes.ts';
import { currentAuthState, switchAccount } from './current-session.ts';

/** SPEC section 7: `GET user`, account switching and the user's language. Every route needs a session. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });

  app.get(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'The auth state of the signed-in user',
        response: { 200: ZAuthState, ...authErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const token = (request.headers.authorization ?? '').slice('Bearer '.length).trim();
      return currentAuthState(deps(), actor, token);
    },
  );

  app.post(
    '/user/accounts/:id/switch',
    {
      schema: {
        tags: ['user'],
        summary: "Act for another of the user's accounts: 201 with a new token",
        params: ZSwitchAccountParams,
        response: { 201: ZAuthState, ...authErrors },
      },
    },
    async (request, reply) => {
      const state = await switchAccount(deps(), requireActor(request), request.params.id);
      return reply.code(201).send(state);
    },
  );

  app.get(
    '/user/lang',
    { schema: { tags: ['user'], summary: "The user's language", response: { 200: ZLanguageResponse, ...authErrors } } },
    async (request) => {
      const actor = requireActor(request);
      const [row] = await app.context.database.db
        .select({ lang: users.locale })
        .from(users)
        .where(eq(users.id, actor.userId));
      return { lang: row?.lang ?? 'en-us' };
    },
  );

  app.post(
    '/user/lang',
    {
      schema: {
        tags: ['user'],
        summary: "Set the user's language (messages and the app follow it)",
        body: ZLanguageBody,
        response: { 200: ZLanguageResponse, ...authErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await app.context.database.db.update(users).set({ locale: request.body.lang }).where(eq(users.id, actor.userId));
      return { lang: request.body.lang };
    },
  );
};
