import {
  consentRoute,
  findOAuthClientRoute,
  listOAuthGrantsRoute,
  oauthTokenRoute,
  revokeOAuthGrantRoute,
} from '@signlink/contracts/developer/oauth.routes';
import {
  addRedirectUriRoute,
  createPlatformRoute,
  listPlatformsRoute,
  revokePlatformRoute,
  revokeRedirectUriRoute,
  updateRedirectUriRoute,
} from '@signlink/contracts/developer/platforms.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { answerAuthorisation } from './consent.service.ts';
import { findOAuthClient, listGrants, revokeGrant } from './grants.service.ts';
import { makeOAuthServer } from './oauth-server.ts';
import { answerTokenRequest } from './oauth-token.ts';
import {
  addRedirectUri,
  createPlatform,
  listPlatforms,
  revokePlatform,
  revokeRedirectUri,
  updateRedirectUri,
} from './platforms.service.ts';

/** SPEC section 7 "Developer": OAuth apps, the consent screen's calls, the user's grants and the token endpoint. */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;
  const server = makeOAuthServer({ db: db(), secret: app.context.config.sessionSecret, log: app.log });
  // RFC 6749 section 4.1.3: the token request is form-encoded; parsed here only, not for the rest of the API.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  route(app, listPlatformsRoute, (request) => listPlatforms({ db: db() }, request.actor));
  route(app, createPlatformRoute, async (request, reply) =>
    reply.code(201).send(await createPlatform({ db: db() }, request.actor, request.body)),
  );
  route(app, addRedirectUriRoute, (request) =>
    addRedirectUri({ db: db() }, request.actor, request.params.id, request.body.Uri),
  );
  route(app, updateRedirectUriRoute, (request) =>
    updateRedirectUri({ db: db() }, request.actor, request.params.id, request.body),
  );
  route(app, revokeRedirectUriRoute, (request) =>
    revokeRedirectUri({ db: db() }, request.actor, request.params.id, request.body.RedirectUriId),
  );
  route(app, revokePlatformRoute, async (request, reply) => {
    await revokePlatform({ db: db() }, request.actor, request.params.id);
    return reply.code(204).send();
  });

  route(app, findOAuthClientRoute, (request) => findOAuthClient({ db: db() }, request.params.id));
  route(app, consentRoute, (request) => answerAuthorisation({ db: db(), server }, request.actor, request.body));
  route(app, listOAuthGrantsRoute, (request) => listGrants({ db: db() }, request.actor));
  route(app, revokeOAuthGrantRoute, async (request, reply) => {
    await revokeGrant({ db: db() }, request.actor, request.params.id);
    return reply.code(204).send();
  });
  route(app, oauthTokenRoute, (request, reply) => answerTokenRequest(server, request, reply));
};
