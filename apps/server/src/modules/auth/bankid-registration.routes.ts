import { ZAuthState } from '@signlink/contracts/auth/auth-state';
import {
  ZBankIdEmailRequest,
  ZBankIdEmailResponse,
  ZBankIdEmailValidate,
  ZBankIdSmsRequest,
  ZBankIdSmsResponse,
  ZBankIdSmsValidate,
  ZBankIdSmsValidated,
} from '@signlink/contracts/auth/bankid-registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from './auth.routes.ts';
import {
  completeBankIdRegistration,
  startBankIdEmail,
  startBankIdSms,
  validateBankIdSms,
} from './bankid-registration.ts';
import { codeDepsOf } from './code-deps.ts';

/** SPEC section 7: `linktinker/app/bankid/sms`, `/sms/validate`, `/bankid/email`, `/email/validate`. */
export const bankIdRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => codeDepsOf(app);
  const schema = (summary: string) => ({ tags: ['registration'], summary });

  app.post(
    '/linktinker/app/bankid/sms',
    {
      schema: {
        ...schema('BankID registration: text a code to the phone'),
        body: ZBankIdSmsRequest,
        response: { 200: ZBankIdSmsResponse, ...authErrors },
      },
    },
    async (request) => startBankIdSms(deps(), { ...request.body, brand: request.brand.id }),
  );
  app.post(
    '/linktinker/app/bankid/sms/validate',
    {
      schema: {
        ...schema("BankID registration: the phone's code"),
        body: ZBankIdSmsValidate,
        response: { 200: ZBankIdSmsValidated, ...authErrors },
      },
    },
    async (request) => validateBankIdSms(deps(), request.body),
  );
  app.post(
    '/linktinker/app/bankid/email',
    {
      schema: {
        ...schema('BankID registration: e-mail a code to the address'),
        body: ZBankIdEmailRequest,
        response: { 200: ZBankIdEmailResponse, ...authErrors },
      },
    },
    async (request) => startBankIdEmail(deps(), { ...request.body, brand: request.brand.id }),
  );
  app.post(
    '/linktinker/app/bankid/email/validate',
    {
      schema: {
        ...schema("BankID registration: the e-mail's code; the user is made and signed in"),
        body: ZBankIdEmailValidate,
        response: { 200: ZAuthState, ...authErrors },
      },
    },
    async (request) => completeBankIdRegistration(deps(), request.body),
  );
};
