import {
  lookUpCompanyRoute,
  readAccountAddressRoute,
  setDefaultAccessLevelRoute,
  updateAccountAddressRoute,
} from '@signlink/contracts/accounts/account-settings.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import {
  lookUpCompany,
  readAccountAddress,
  setDefaultAccessLevel,
  updateAccountAddress,
} from './account-settings.service.ts';

/** SPEC section 7 Accounts: billing address, default access level, and the registry lookup for the wizard. */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, readAccountAddressRoute, (request) => readAccountAddress(db(), request.actor));
  route(app, updateAccountAddressRoute, (request) => updateAccountAddress(db(), request.actor, request.body));
  route(app, setDefaultAccessLevelRoute, (request) =>
    setDefaultAccessLevel(db(), request.actor, request.body.DefaultAccessLevel),
  );
  route(app, lookUpCompanyRoute, (request) =>
    lookUpCompany({ db: db(), registry: app.context.companyRegistry.registry }, request.actor, request.body.OrgNumber),
  );
};
