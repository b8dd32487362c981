import { changePasswordRoute } from '@signlink/contracts/auth/password.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { changePassword } from './change-password.ts';

/** E-mail login's password, set or changed from the personal preferences (the path is ours: DECISIONS). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, changePasswordRoute, (request) => changePassword(app.context.database.db, request.actor, request.body));
};
