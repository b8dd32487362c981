import {
  completeRegistrationRoute,
  confirmRegistrationPhoneRoute,
  registerRoute,
  setRegistrationPinRoute,
  startPhoneRegistrationRoute,
  startRegistrationEmailRoute,
} from '@signlink/contracts/auth/registration.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { codeDepsOf } from '../verification-codes/code-deps.ts';
import {
  completeRegistration,
  confirmRegistrationPhone,
  setRegistrationPin,
  startPhoneRegistration,
  startRegistrationEmail,
} from './phone-registration.ts';

/**
 * Sign-up by phone (SPEC section 2 "Registration steps" and section 7 `linktinker/app/register/*`). No
 * session: the RegistrationId and each step's code token carry the sign-up.
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => codeDepsOf(app);

  route(app, startPhoneRegistrationRoute, (request) =>
    startPhoneRegistration(deps(), { ...request.body, brand: request.brand.id }),
  );
  route(app, confirmRegistrationPhoneRoute, (request) => confirmRegistrationPhone(deps(), request.body));
  route(app, setRegistrationPinRoute, (request) => setRegistrationPin(deps(), request.body));
  route(app, startRegistrationEmailRoute, (request) =>
    startRegistrationEmail(deps(), { ...request.body, brand: request.brand.id }),
  );
  route(app, completeRegistrationRoute, (request) =>
    completeRegistration({ ...deps(), log: request.log }, request.body),
  );
  // SPEC section 7 names both paths; completing the sign-up from its verified steps is one call.
  route(app, registerRoute, (request) => completeRegistration({ ...deps(), log: request.log }, request.body));
};
