import {
  ZInvitation,
  ZInvitationDetails,
  ZInvitationParams,
  ZInvitationsResponse,
  ZInviteUserRequest,
  ZUpdateInvitationRequest,
} from '@signlink/contracts/accounts/users';
import { ZAuthState } from '@signlink/contracts/auth/auth-state';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { acceptInvitation, findInvitationDetailsOrThrow } from './accept-invitation.ts';
import { bearerSecurity, accountRouteErrors as errors } from './account-route-schemas.ts';
import { inviteUser, listAccountInvitations, remindInvitation, revokeInvitation } from './invitations.service.ts';

/**
 * SPEC sections 4 and 7: user invitations (pending, cancelled, accepted). The details and accept paths are
 * not shown in the spec; they are named in its style (DECISIONS, "Paths the spec does not show").
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ database: app.context.database, queue: app.context.queue, messaging: app.context.messaging });
  const sessionDeps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });
  const schema = (summary: string) => ({ tags: ['account users'], summary, security: bearerSecurity });

  app.post(
    '/linktinker/app/users/invite',
    {
      schema: {
        ...schema(
          'Invite a person by e-mail into the company account: 201 with a new invitation; an address already ' +
            'invited gets its pending invitation again (200, at most once an hour)',
        ),
        body: ZInviteUserRequest,
        response: { 200: ZInvitation, 201: ZInvitation, ...errors },
      },
    },
    async (request, reply) => {
      const { invitation, isNew } = await inviteUser(deps(), requireActor(request), {
        ...request.body,
        locale: request.locale,
        brand: request.brand.id,
      });
      return reply.code(isNew ? 201 : 200).send(invitation);
    },
  );

  app.get(
    '/linktinker/app/account/invitations',
    {
      schema: {
        ...schema("The account's invitations with their status, newest first (administrators)"),
        response: { 200: ZInvitationsResponse, ...errors },
      },
    },
    async (request) => listAccountInvitations(deps(), requireActor(request)),
  );

  app.put(
    '/linktinker/app/account/invitations/:id',
    {
      schema: {
        ...schema('Revoke a pending invitation (status cancelled)'),
        params: ZInvitationParams,
        body: ZUpdateInvitationRequest,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => revokeInvitation(deps(), requireActor(request), { invitationId: request.params.id }),
  );

  app.delete(
    '/linktinker/app/users/:id/invite',
    {
      schema: {
        ...schema('Revoke a pending invitation (the id is the invitation id)'),
        params: ZInvitationParams,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => revokeInvitation(deps(), requireActor(request), { invitationId: request.params.id }),
  );

  app.post(
    '/linktinker/app/account/invitations/:id/remind',
    {
      schema: {
        ...schema('Send the invitation e-mail again: at most once an hour per invitation'),
        params: ZInvitationParams,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) =>
      remindInvitation(deps(), requireActor(request), {
        invitationId: request.params.id,
        locale: request.locale,
        brand: request.brand.id,
      }),
  );

  app.get(
    '/linktinker/app/account/invitations/:id/details',
    {
      schema: {
        tags: ['account users'],
        summary: 'What the /register/{id} page shows of a pending invitation; no session needed',
        params: ZInvitationParams,
        response: { 200: ZInvitationDetails, ...errors },
      },
    },
    async (request) => findInvitationDetailsOrThrow(sessionDeps(), { invitationId: request.params.id }),
  );

  app.post(
    '/linktinker/app/account/invitations/:id/accept',
    {
      schema: {
        ...schema('The signed-in person, with the invited e-mail, joins the account: 201 with a token for it'),
        params: ZInvitationParams,
        response: { 201: ZAuthState, ...errors },
      },
    },
    async (request, reply) => {
      const state = await acceptInvitation(sessionDeps(), requireActor(request), { invitationId: request.params.id });
      return reply.code(201).send(state);
    },
  );
};
