import {
  createPublicLinkRoute,
  deletePublicLinkRoute,
  disablePublicLinkRoute,
  editPublicLinkRoute,
  findLinkSettingsRoute,
  listOwnLinksRoute,
  listPublicLinksRoute,
  startPublicLinkVisitRoute,
  updatePublicLinkRoute,
} from '@signlink/contracts/public-links/public-links.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import {
  createPublicLink,
  deleteLink,
  disableLink,
  editLink,
  findLinkSettings,
  listLinks,
  type PublicLinksDeps,
  updateLink,
} from './public-links.service.ts';
import { startPublicLinkVisit } from './start-visit.ts';

/** SPEC section 7 "Templates and public links": the public-link half, and the visitor's start of a visit. */
export const publicLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): PublicLinksDeps => ({
    db: app.context.database.db,
    storage: app.context.storage,
    publicUrls: app.context.messaging.publicUrls,
    rateLimits: app.context.config.rateLimits,
  });

  route(app, listPublicLinksRoute, (request) =>
    listLinks(deps(), request.actor, { brand: request.brand.id, ownOnly: false }),
  );
  route(app, listOwnLinksRoute, (request) =>
    listLinks(deps(), request.actor, { brand: request.brand.id, ownOnly: true }),
  );
  route(app, findLinkSettingsRoute, (request) => findLinkSettings(deps(), request.actor, request.brand.id));
  route(app, createPublicLinkRoute, async (request, reply) => {
    const link = await createPublicLink(deps(), request.actor, { body: request.body, brand: request.brand.id });
    return reply.code(201).send(link);
  });
  route(app, updatePublicLinkRoute, (request) =>
    updateLink(deps(), request.actor, { id: request.params.id, body: request.body, brand: request.brand.id }),
  );
  route(app, deletePublicLinkRoute, async (request, reply) => {
    await deleteLink(deps(), request.actor, request.params.id);
    return reply.code(204).send(null);
  });
  route(app, disablePublicLinkRoute, (request) =>
    disableLink(deps(), request.actor, {
      id: request.params.id,
      disabled: request.body.Disabled,
      brand: request.brand.id,
    }),
  );
  route(app, editPublicLinkRoute, (request) => editLink(deps(), request.actor, request.params.id));
  route(app, startPublicLinkVisitRoute, async (request, reply) => {
    const started = await startPublicLinkVisit(
      { database: app.context.database, storage: app.context.storage, rateLimits: app.context.config.rateLimits },
      { code: request.params.id, body: request.body, ipAddress: request.ip, brand: request.brand.id },
    );
    return reply.code(201).send(started);
  });
};
