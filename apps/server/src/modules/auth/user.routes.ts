import {
  findCurrentUserRoute,
  readLanguageRoute,
  setLanguageRoute,
  switchAccountRoute,
} from '@signlink/contracts/auth/user.routes';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/accounts.ts';
import { route } from '../../http/route.ts';
import { currentAuthState, switchAccount } from './current-session.ts';

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

  route(app, readLanguageRoute, async (request) => {
    const [row] = await app.context.database.db
      .select({ lang: users.locale })
      .from(users)
      .where(eq(users.id, request.actor.userId));
    return { lang: row?.lang ?? 'en-us' };
  });

  route(app, setLanguageRoute, async (request) => {
    await app.context.database.db
      .update(users)
      .set({ locale: request.body.lang })
      .where(eq(users.id, request.actor.userId));
    return { lang: request.body.lang };
  });
};
