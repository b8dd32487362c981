import {
  completeBankIdRegistrationRoute,
  startBankIdEmailRoute,
  startBankIdSmsRoute,
  validateBankIdSmsRoute,
} from '@signlink/contracts/auth/bankid-registration.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { codeDepsOf } from '../verification-codes/code-deps.ts';
import {
  completeBankIdRegistration,
  startBankIdEmail,
  startBankIdSms,
  validateBankIdSms,
} from './bankid-registration.ts';

/** SPEC section 7: `linktinker/app/bankid/sms`, `/sms/validate`, `/bankid/email`, `/email/validate`. */
export const bankIdRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => codeDepsOf(app);

  route(app, startBankIdSmsRoute, (request) => startBankIdSms(deps(), { ...request.body, brand: request.brand.id }));
  route(app, validateBankIdSmsRoute, (request) => validateBankIdSms(deps(), request.body));
  route(app, startBankIdEmailRoute, (request) =>
    startBankIdEmail(deps(), { ...request.body, brand: request.brand.id }),
  );
  route(app, completeBankIdRegistrationRoute, (request) =>
    completeBankIdRegistration({ ...deps(), log: request.log }, request.body),
  );
};
