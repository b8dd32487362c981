import {
  ZContactDetailsRequest,
  ZContactDetailsResponse,
  ZSendRemindersRequest,
  ZSendRemindersResponse,
  ZWithdrawResponse,
} from '@signlink/contracts/documents/errands';
import { ZDocumentIdParams } from '@signlink/contracts/documents/projects';
import { ZShareDocumentRequest, ZShareDocumentResponse } from '@signlink/contracts/documents/share-document';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity } from '../accounts/account-route-schemas.ts';
import { updateContactDetails } from './contact-details.ts';
import { sendRouteErrors as errors } from './send-document.routes.ts';
import { sendRemindersToParties } from './send-reminders.ts';
import { shareDocumentLink } from './share-document.ts';
import { withdrawDocument } from './withdraw-document.ts';

/**
 * The actions on a sent document that touch its links, balance or messages (SPEC sections 4 and 7): withdraw
 * (`disable`), correct a party's contact details, send reminders, share a party's link.
 */
export const documentActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const deps = () => ({
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
  });

  app.put(
    '/linktinker/errands/:id/disable',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Withdraw an active document, irreversibly: its links are recalled and unsigned parties’ reservations ' +
          'return to the balance (completed: DOCUMENT_COMPLETED; already withdrawn: the same answer)',
        params: ZDocumentIdParams,
        body: z.object({}).optional(),
        response: { 200: ZWithdrawResponse, ...errors },
      },
    },
    async (request) =>
      withdrawDocument(deps(), requireActor(request), { documentId: request.params.id, brand: request.brand.id }),
  );

  app.put(
    '/linktinker/errands/:id/contactdetails',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          "Correct an unsigned party's e-mail, phone or invitation method: the old link is revoked, a new one is " +
          'sent (at most three times per party: CONTACT_UPDATE_LIMIT_REACHED)',
        params: ZDocumentIdParams,
        body: ZContactDetailsRequest,
        response: { 200: ZContactDetailsResponse, ...errors },
      },
    },
    async (request) =>
      updateContactDetails(deps(), requireActor(request), {
        documentId: request.params.id,
        brand: request.brand.id,
        request: request.body,
      }),
  );

  app.post(
    '/linktinker/errands/:id/sendreminders',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Remind every unsigned party, or the listed ones: one per party per hour, ten in all ' +
          '(REMINDER_LIMIT_REACHED with the parties and why)',
        params: ZDocumentIdParams,
        body: ZSendRemindersRequest.optional(),
        response: { 200: ZSendRemindersResponse, ...errors },
      },
    },
    async (request) =>
      sendRemindersToParties(deps(), requireActor(request), {
        documentId: request.params.id,
        brand: request.brand.id,
        partyIds: request.body?.PartyIds,
      }),
  );

  app.post(
    '/linktinker/errands/:id/share',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          "Send a party's link to an e-mail address or phone (SMS needs the add-on); only while the document is " +
          'open, at most ten per document per hour (RATE_LIMITED)',
        params: ZDocumentIdParams,
        body: ZShareDocumentRequest,
        response: { 200: ZShareDocumentResponse, ...errors },
      },
    },
    async (request) =>
      shareDocumentLink(deps(), requireActor(request), {
        documentId: request.params.id,
        brand: request.brand.id,
        request: request.body,
      }),
  );
};
