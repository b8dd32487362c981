import { ZAuthState } from '@signlink/contracts/auth/auth-state';
import {
  ZRegisterEmailRequest,
  ZRegisterEmailResponse,
  ZRegisterEmailValidate,
  ZRegisterPhoneRequest,
  ZRegisterPhoneResponse,
  ZRegisterPhoneValidate,
  ZRegisterPin,
  ZRegistrationStep,
} from '@signlink/contracts/auth/registration';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from './auth.routes.ts';
import { codeDepsOf } from './code-deps.ts';
import {
  completeRegistration,
  confirmRegistrationPhone,
  setRegistrationPin,
  startPhoneRegistration,
  startRegistrationEmail,
} from './phone-registration.ts';

const errors = { ...authErrors, 406: ZErrorResponse, 500: ZErrorResponse };

/**
 * Sign-up by phone (SPEC section 2 "Registration steps" and section 7 `linktinker/app/register/*`). No
 * session: the RegistrationId and each step's code token carry the sign-up.
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => codeDepsOf(app);
  const schema = (summary: string) => ({ tags: ['registration'], summary });

  app.post(
    '/linktinker/app/register/sms',
    {
      schema: {
        ...schema('Step 1: text a code to the phone'),
        body: ZRegisterPhoneRequest,
        response: { 200: ZRegisterPhoneResponse, ...errors },
      },
    },
    async (request) => startPhoneRegistration(deps(), { ...request.body, brand: request.brand.id }),
  );
  app.post(
    '/linktinker/app/register/sms/validate',
    {
      schema: {
        ...schema("Step 2: the phone's code"),
        body: ZRegisterPhoneValidate,
        response: { 200: ZRegistrationStep, ...errors },
      },
    },
    async (request) => confirmRegistrationPhone(deps(), request.body),
  );
  app.post(
    '/linktinker/app/register/pin',
    {
      schema: {
        ...schema('Step 3: the PIN (4 digits)'),
        body: ZRegisterPin,
        response: { 200: ZRegistrationStep, ...errors },
      },
    },
    async (request) => setRegistrationPin(deps(), request.body),
  );
  app.post(
    '/linktinker/app/register/email',
    {
      schema: {
        ...schema('Step 4: name and e-mail; the address gets a code'),
        body: ZRegisterEmailRequest,
        response: { 200: ZRegisterEmailResponse, ...errors },
      },
    },
    async (request) => startRegistrationEmail(deps(), { ...request.body, brand: request.brand.id }),
  );
  app.post(
    '/linktinker/app/register/email/validate',
    {
      schema: {
        ...schema("Step 5: the e-mail's code; the user and their personal account are made, signed in"),
        body: ZRegisterEmailValidate,
        response: { 200: ZAuthState, ...errors },
      },
    },
    async (request) => completeRegistration(deps(), request.body),
  );
};
