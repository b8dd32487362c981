import { ZAuthState, ZPasswordLogin } from '@signlink/contracts/auth/auth-state';
import { ZPhoneLoginRequest, ZPhoneLoginResponse, ZPhoneLoginValidate } from '@signlink/contracts/auth/phone-login';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.ts';
import { codeDepsOf } from './code-deps.ts';
import { logout, refreshSession } from './current-session.ts';
import { loginWithPassword } from './password-login.ts';
import { completePhoneLogin, startPhoneLogin } from './phone-login.ts';

export const authErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  406: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

/** SPEC section 7 Auth: tokens for a user, by e-mail and password here; refresh and logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });

  app.post(
    '/oauth/generatetoken',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: ZPasswordLogin,
        response: { 200: ZAuthState, ...authErrors },
      },
    },
    async (request) => loginWithPassword(deps(), request.body),
  );

  const codeDeps = () => codeDepsOf(app);

  app.post(
    '/oauth/generatetoken/sms',
    {
      schema: {
        tags: ['auth'],
        summary: 'Phone and PIN, step 1: the PIN is checked and the phone gets a code',
        body: ZPhoneLoginRequest,
        response: { 200: ZPhoneLoginResponse, ...authErrors },
      },
    },
    async (request) =>
      startPhoneLogin(codeDeps(), { ...request.body, brand: request.brand.id, locale: request.locale }),
  );

  app.post(
    '/oauth/generatetoken/sms/validate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Phone and PIN, step 2: the SMS code signs the user in',
        body: ZPhoneLoginValidate,
        response: { 200: ZAuthState, ...authErrors },
      },
    },
    async (request) => completePhoneLogin(codeDeps(), request.body),
  );

  app.post(
    '/oauth/refreshtoken',
    {
      schema: {
        tags: ['auth'],
        summary: 'Stay signed in: a new token for 60 more minutes; the old one stops',
        response: { 200: ZAuthState, ...authErrors },
      },
    },
    async (request) => refreshSession(deps(), requireActor(request)),
  );

  app.post(
    '/oauth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session: its token stops at once',
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      await logout(deps(), requireActor(request));
      return reply.code(204).send(null);
    },
  );
};
