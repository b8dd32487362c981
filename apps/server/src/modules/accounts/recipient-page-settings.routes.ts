import { logoContentTypes, logoMaxBytes } from '@signlink/contracts/accounts/recipient-page-settings';
import {
  readRecipientPageSettingsRoute,
  removeAccountLogoRoute,
  setAccountLogoRoute,
  updateRecipientPageSettingsRoute,
} from '@signlink/contracts/accounts/recipient-page-settings.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import {
  readRecipientPageSettings,
  removeAccountLogo,
  setAccountLogo,
  updateRecipientPageSettings,
} from './recipient-page-settings.service.ts';

/**
 * The account's recipient page (issue 8, parts 2 and 11): consent message, privacy link and logo. The logo is the
 * raw image body, parsed in this plugin's scope only with its own small limit; its type is read from the bytes.
 */
export const recipientPageSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, storage: app.context.storage });
  app.addContentTypeParser(
    [...logoContentTypes, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: logoMaxBytes },
    (_request, body, done) => done(null, body),
  );

  route(app, readRecipientPageSettingsRoute, (request) => readRecipientPageSettings(deps().db, request.actor));
  route(app, updateRecipientPageSettingsRoute, (request) =>
    updateRecipientPageSettings(deps().db, request.actor, request.body),
  );
  route(app, setAccountLogoRoute, (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return setAccountLogo(deps(), request.actor, body);
  });
  route(app, removeAccountLogoRoute, (request) => removeAccountLogo(deps(), request.actor));
};
