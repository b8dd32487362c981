import {
  logoContentTypes,
  logoMaxBytes,
  ZRecipientPageSettings,
  ZUpdateRecipientPageSettings,
} from '@signlink/contracts/accounts/recipient-page-settings';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { accountRouteErrors, bearerSecurity } from './account-route-schemas.ts';
import {
  readRecipientPageSettings,
  removeAccountLogo,
  setAccountLogo,
  updateRecipientPageSettings,
} from './recipient-page-settings.service.ts';

const errors = { ...accountRouteErrors, 413: ZErrorResponse, 415: ZErrorResponse };

/**
 * The account's recipient page (issue 8, parts 2 and 11): consent message, privacy link and logo. The logo is the
 * raw image body, parsed in this plugin's scope only with its own small limit; its type is read from the bytes.
 */
export const recipientPageSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];
  const deps = () => ({ db: app.context.database.db, storage: app.context.storage });
  app.addContentTypeParser(
    [...logoContentTypes, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: logoMaxBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/linktinker/app/account/recipientpage',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "What the account's recipients see: consent message, privacy link, whether there is a logo",
        response: { 200: ZRecipientPageSettings, ...errors },
      },
    },
    async (request) => readRecipientPageSettings(deps().db, requireActor(request)),
  );
  app.put(
    '/linktinker/app/account/recipientpage',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Set the recipients' consent message and privacy link (administrators; empty clears)",
        body: ZUpdateRecipientPageSettings,
        response: { 200: ZRecipientPageSettings, ...errors },
      },
    },
    async (request) => updateRecipientPageSettings(deps().db, requireActor(request), request.body),
  );
  app.put(
    '/linktinker/app/account/logo',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Set the recipient page's logo: a PNG, JPEG or WebP as the raw body, at most 256 KB (administrators)",
        response: { 200: ZRecipientPageSettings, ...errors },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return setAccountLogo(deps(), requireActor(request), body);
    },
  );
  app.delete(
    '/linktinker/app/account/logo',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Remove the recipient page's logo (administrators)",
        response: { 200: ZRecipientPageSettings, ...errors },
      },
    },
    async (request) => removeAccountLogo(deps(), requireActor(request)),
  );
};
