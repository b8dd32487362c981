import {
  ZAccessLevelRequest,
  ZArchiveRequest,
  ZDeleteErrandRequest,
  ZDuplicateResponse,
  ZErrandSummary,
  ZHandledRequest,
} from '@signlink/contracts/documents/errands';
import { ZDocumentIdParams } from '@signlink/contracts/documents/projects';
import { ZRetrySealResponse } from '@signlink/contracts/documents/retry-seal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity, accountRouteErrors as errors } from '../accounts/account-route-schemas.ts';
import { retrySeal } from '../sealing/retry-seal.ts';
import { duplicateDocument } from './duplicate-document.ts';
import { deleteErrand, setErrandAccessLevel, setErrandArchived, setErrandHandled } from './errand-actions.service.ts';

/**
 * SPEC section 7, Documents: the owner's actions on a sent document that move no money (issue 6, part 7). Each
 * answers the document as a list row after the change, except delete (no content) and duplicate (the new project).
 */
export const errandActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const db = () => app.context.database.db;

  app.put(
    '/linktinker/errands/:id/handled',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Mark a sent document handled or unhandled',
        params: ZDocumentIdParams,
        body: ZHandledRequest,
        response: { 200: ZErrandSummary, ...errors },
      },
    },
    async (request) =>
      setErrandHandled(
        { db: db() },
        { actor: requireActor(request), documentId: request.params.id, handled: request.body.Handled },
      ),
  );

  app.put(
    '/linktinker/errands/:id/accesslevel',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Make a sent document private or shared in the account (its owner only)',
        params: ZDocumentIdParams,
        body: ZAccessLevelRequest,
        response: { 200: ZErrandSummary, ...errors },
      },
    },
    async (request) =>
      setErrandAccessLevel(
        { db: db() },
        { actor: requireActor(request), documentId: request.params.id, accessLevel: request.body.AccessLevel },
      ),
  );

  app.put(
    '/linktinker/errands/:id/archive',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Archive a sent document, or with restore true bring it back to Sent',
        params: ZDocumentIdParams,
        body: ZArchiveRequest.nullish(),
        response: { 200: ZErrandSummary, ...errors },
      },
    },
    async (request) =>
      setErrandArchived(
        { db: db() },
        { actor: requireActor(request), documentId: request.params.id, restore: request.body?.restore === true },
      ),
  );

  app.delete(
    '/linktinker/errands/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Delete a withdrawn or expired document from the lists; a completed one only by its owner with ' +
          'ownDocumentOnly (it stays with the other parties); an active one: DOCUMENT_NOT_WITHDRAWN',
        params: ZDocumentIdParams,
        // The body is optional: a bare DELETE removes a withdrawn or expired document.
        body: ZDeleteErrandRequest.nullish(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteErrand(
        { db: db() },
        {
          actor: requireActor(request),
          documentId: request.params.id,
          ownDocumentOnly: request.body?.ownDocumentOnly === true,
        },
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/linktinker/errands/:id/seal/retry',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Seal a fully signed document again after sealing failed (status error); SEAL_NOT_FAILED unless it failed',
        params: ZDocumentIdParams,
        response: { 200: ZRetrySealResponse, ...errors },
      },
    },
    async (request) =>
      retrySeal(
        { db: db(), queue: app.context.queue },
        { actor: requireActor(request), documentId: request.params.id },
      ),
  );

  app.post(
    '/linktinker/errands/:id/duplicate',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'A new draft copying the document: title, settings, message, access level, parties and files',
        params: ZDocumentIdParams,
        response: { 201: ZDuplicateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const duplicate = await duplicateDocument(
        { db: db(), storage: app.context.storage },
        { actor: requireActor(request), documentId: request.params.id },
      );
      return reply.code(201).send(duplicate);
    },
  );
};
