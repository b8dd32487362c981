import {
  ZPersonalAccountEmail,
  ZPersonalAccountEmailSent,
  ZPersonalAccountValidate,
} from '@signlink/contracts/accounts/personal-accounts';
import { ZAuthState } from '@signlink/contracts/auth/auth-state';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { codeDepsOf } from '../auth/code-deps.ts';
import { accountRouteErrors, bearerSecurity } from './account-route-schemas.ts';
import { completePersonalAccount, startPersonalAccount } from './personal-account.ts';

const errors = { ...accountRouteErrors, 406: ZErrorResponse };

/** SPEC section 7: `linktinker/app/personalaccounts/validation/email` and `/validate`. */
export const personalAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => codeDepsOf(app);
  app.post(
    '/linktinker/app/personalaccounts/validation/email',
    {
      schema: {
        tags: ['accounts'],
        security: bearerSecurity,
        summary: 'Add a personal account, step 1: the e-mail address gets a code',
        body: ZPersonalAccountEmail,
        response: { 200: ZPersonalAccountEmailSent, ...errors },
      },
    },
    async (request) =>
      startPersonalAccount(deps(), requireActor(request), {
        ...request.body,
        brand: request.brand.id,
        locale: request.locale,
      }),
  );
  app.post(
    '/linktinker/app/personalaccounts/validation/validate',
    {
      schema: {
        tags: ['accounts'],
        security: bearerSecurity,
        summary: 'Add a personal account, step 2: the code; the account is made and the user switched to it (201)',
        body: ZPersonalAccountValidate,
        response: { 201: ZAuthState, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await completePersonalAccount(deps(), requireActor(request), request.body)),
  );
};
