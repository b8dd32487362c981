import { issueDevGiftCardRoute } from '@signlink/contracts/billing/dev-gift-cards.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { issueGiftCard } from './gift-cards.service.ts';

/**
 * Issuing gift cards to try redemption with: registered only when simulators are on, which configuration forbids
 * in production, like the developer mailbox.
 */
export const devGiftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, issueDevGiftCardRoute, async (request, reply) =>
    reply.code(201).send(await issueGiftCard(app.context.database.db, request.body)),
  );
};
