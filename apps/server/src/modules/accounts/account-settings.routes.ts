import {
  ZAccountAddress,
  ZCompanyInfo,
  ZCompanyInfoRequest,
  ZDefaultAccessLevel,
  ZUpdateAccountAddress,
} from '@signlink/contracts/accounts/account-settings';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { accountRouteErrors, bearerSecurity } from './account-route-schemas.ts';
import {
  lookUpCompany,
  readAccountAddress,
  setDefaultAccessLevel,
  updateAccountAddress,
} from './account-settings.service.ts';

const errors = { ...accountRouteErrors, 502: ZErrorResponse };

/** SPEC section 7 Accounts: billing address, default access level, and the registry lookup for the wizard. */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;
  const tags = ['accounts'];

  app.get(
    '/linktinker/app/account/address',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The account's billing address",
        response: { 200: ZAccountAddress, ...errors },
      },
    },
    async (request) => readAccountAddress(db(), requireActor(request)),
  );
  app.put(
    '/linktinker/app/account/address',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Change the account's billing address (administrators)",
        body: ZUpdateAccountAddress,
        response: { 200: ZAccountAddress, ...errors },
      },
    },
    async (request) => updateAccountAddress(db(), requireActor(request), request.body),
  );
  app.put(
    '/linktinker/account/defaultaccesslevel',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "New documents' access level, private or shared (administrators)",
        body: ZDefaultAccessLevel,
        response: { 200: ZDefaultAccessLevel, ...errors },
      },
    },
    async (request) => setDefaultAccessLevel(db(), requireActor(request), request.body.DefaultAccessLevel),
  );
  app.post(
    '/linktinker/app/account/companyinfo',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The company registry's data for an organisation number",
        body: ZCompanyInfoRequest,
        response: { 200: ZCompanyInfo, ...errors },
      },
    },
    async (request) =>
      lookUpCompany(
        { db: db(), registry: app.context.companyRegistry.registry },
        requireActor(request),
        request.body.OrgNumber,
      ),
  );
};
