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
import { exchangeClientCredentials } from './client-credentials.ts';
import { logout, refreshSession } from './current-session.ts';
import { loginWithPassword } from './password-login.ts';
import { completePhoneLogin, startPhoneLogin } from './phone-login.ts';

/** SPEC section 7 Auth: tokens for a user, by e-mail and password or by phone and PIN; refresh and logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });
  const codeDeps = () => codeDepsOf(app);

  // OAuth clients post their grant form-encoded (RFC 6749 section 4.4.2); only this plugin's routes read such bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  route(app, loginWithPasswordRoute, (request) =>
    'grant_type' in request.body
      ? exchangeClientCredentials({ ...deps(), log: request.log }, request.headers.authorization)
      : loginWithPassword(deps(), request.body),
  );
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
