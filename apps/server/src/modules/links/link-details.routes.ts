import { findLinkDetailsRoute, findLinkLogoRoute } from '@signlink/contracts/links/link-details.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { findLinkDetails, findLinkLogo } from './link-details.ts';

/** The recipient page's first call (SPEC section 7, `GET links/{id}`): a guest holds only the link id. */
export const linkDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, findLinkDetailsRoute, (request) => findLinkDetails(app.context.database, request.params.id));
  route(app, findLinkLogoRoute, async (request, reply) => {
    const logo = await findLinkLogo(app.context.database.db, request.params.id);
    const stream = await app.context.storage.get({ key: logo.key });
    // The type was read from the bytes at upload; nosniff keeps the browser to it.
    return reply
      .type(logo.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300')
      .send(stream);
  });
};
