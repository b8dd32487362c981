import { ZLinkId } from '@signlink/contracts/bankid/link-bankid';
import { ZLinkDetails } from '@signlink/contracts/links/link-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankIdErrors as errors } from '../bankid/bankid.routes.ts';
import { findLinkDetails, findLinkLogo } from './link-details.ts';

/** The recipient page's first call (SPEC section 7, `GET links/{id}`): a guest holds only the link id. */
export const linkDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/linktinker/links/:id',
    {
      schema: {
        tags: ['links'],
        summary: 'Link details: the document, its owner and the gate (unknown: INVALID_LINK, withdrawn: LINK_RECALLED)',
        params: z.object({ id: ZLinkId }),
        response: { 200: ZLinkDetails, ...errors },
      },
    },
    async (request) => findLinkDetails(app.context.database, request.params.id),
  );
  app.get(
    '/linktinker/links/:id/logo',
    {
      schema: {
        tags: ['links'],
        summary: "The link owner's logo for the recipient page's header (none: NOT_FOUND)",
        params: z.object({ id: ZLinkId }),
      },
    },
    async (request, reply) => {
      const logo = await findLinkLogo(app.context.database.db, request.params.id);
      const stream = await app.context.storage.get({ key: logo.key });
      // The type was read from the bytes at upload; nosniff keeps the browser to it.
      return reply
        .type(logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300')
        .send(stream);
    },
  );
};
