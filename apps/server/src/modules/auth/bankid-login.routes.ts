import { validateBankIdOrderRoute } from '@signlink/contracts/bankid/bankid.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { validateBankIdLogin } from './bankid-login.ts';

/**
 * SPEC section 7: a completed login or registration order signs the person in, or gives the token their
 * registration carries. It needs no session: who holds the ClientAccessKey holds the order. bankid/ starts and
 * follows the order; what a completed one means for a user is auth's.
 */
export const bankIdLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
    secret: app.context.config.sessionSecret,
  });

  route(app, validateBankIdOrderRoute, (request) => validateBankIdLogin(deps(), request.body.ClientAccessKey));
};
