import {
  completePhoneLoginRoute,
  loginWithPasswordRoute,
  logoutRoute,
  refreshSessionRoute,
  startPhoneLoginRoute,
} from '@signlink/contracts/auth/auth.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { codeDepsOf } from '../verification-codes/code-deps.ts';
import { logout, refreshSession } from './current-session.ts';
import { loginWithPassword } from './password-login.ts';
import { completePhoneLogin, startPhoneLogin } from './phone-login.ts';

/** SPEC section 7 Auth: tokens for a user, by e-mail and password or by phone and PIN; refresh and logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });
  const codeDeps = () => codeDepsOf(app);

  route(app, loginWithPasswordRoute, (request) => loginWithPassword(deps(), request.body));
  route(app, startPhoneLoginRoute, (request) =>
    startPhoneLogin(codeDeps(), { ...request.body, brand: request.brand.id, locale: request.locale }),
  );
  route(app, completePhoneLoginRoute, (request) => completePhoneLogin(codeDeps(), request.body));
  route(app, refreshSessionRoute, (request) => refreshSession(deps(), request.actor));
  route(app, logoutRoute, async (request, reply) => {
    await logout(deps(), request.actor);
    return reply.code(204).send(null);
  });
};
