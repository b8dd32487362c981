import { ZChangePassword, ZChangePasswordResponse } from '@signlink/contracts/auth/password';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity } from '../accounts/account-route-schemas.ts';
import { authErrors } from './auth.routes.ts';
import { changePassword } from './change-password.ts';

/** E-mail login's password, set or changed from the personal preferences (the path is ours: DECISIONS). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/linktinker/app/user/password',
    {
      schema: {
        tags: ['user'],
        security: bearerSecurity,
        summary:
          'Set or change the password of e-mail login (10 to 200 characters); the current one is needed when there ' +
          "is one, and the user's other sessions end",
        body: ZChangePassword,
        response: { 200: ZChangePasswordResponse, ...authErrors },
      },
    },
    async (request) => changePassword(app.context.database.db, requireActor(request), request.body),
  );
};
