import {
  sendRemindersRoute,
  shareDocumentRoute,
  updateContactDetailsRoute,
  withdrawDocumentRoute,
} from '@signlink/contracts/documents/document-actions.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { updateContactDetails } from './contact-details.ts';
import { sendRemindersToParties } from './send-reminders.ts';
import { shareDocumentLink } from './share-document.ts';
import { withdrawDocument } from './withdraw-document.ts';

/**
 * The actions on a sent document that touch its links, balance or messages (SPEC sections 4 and 7): withdraw
 * (`disable`), correct a party's contact details, send reminders, share a party's link.
 */
export const documentActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
  });

  route(app, withdrawDocumentRoute, (request) =>
    withdrawDocument(deps(), request.actor, { documentId: request.params.id, brand: request.brand.id }),
  );
  route(app, updateContactDetailsRoute, (request) =>
    updateContactDetails(deps(), request.actor, {
      documentId: request.params.id,
      brand: request.brand.id,
      request: request.body,
    }),
  );
  route(app, sendRemindersRoute, (request) =>
    sendRemindersToParties(deps(), request.actor, {
      documentId: request.params.id,
      brand: request.brand.id,
      partyIds: request.body?.PartyIds,
    }),
  );
  route(app, shareDocumentRoute, (request) =>
    shareDocumentLink(deps(), request.actor, {
      documentId: request.params.id,
      brand: request.brand.id,
      request: request.body,
    }),
  );
};
