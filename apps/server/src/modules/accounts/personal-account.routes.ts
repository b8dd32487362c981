import {
  sendPersonalAccountEmailRoute,
  validatePersonalAccountRoute,
} from '@signlink/contracts/accounts/personal-accounts.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { codeDepsOf } from '../verification-codes/code-deps.ts';
import { completePersonalAccount, startPersonalAccount } from './personal-account.ts';

/** SPEC section 7: `linktinker/app/personalaccounts/validation/email` and `/validate`. */
export const personalAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => codeDepsOf(app);
  route(app, sendPersonalAccountEmailRoute, (request) =>
    startPersonalAccount(deps(), request.actor, {
      ...request.body,
      brand: request.brand.id,
      locale: request.locale,
    }),
  );
  route(app, validatePersonalAccountRoute, async (request, reply) =>
    reply.code(201).send(await completePersonalAccount(deps(), request.actor, request.body)),
  );
};
