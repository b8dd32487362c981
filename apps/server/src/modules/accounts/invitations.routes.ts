import {
  ZAcceptInvitationRequest,
  ZAnyInvitation,
  ZAnyInvitationDetails,
  ZAnyInvitationParams,
} from '@signlink/contracts/accounts/customer-invitations';
import {
  ZInvitation,
  ZInvitationParams,
  ZInvitationsResponse,
  ZInviteUserRequest,
  ZUpdateInvitationRequest,
} from '@signlink/contracts/accounts/users';
import { ZAuthState } from '@signlink/contracts/auth/auth-state';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity, accountRouteErrors as errors } from './account-route-schemas.ts';
import { customerInvitationRoutes } from './customer-invitations.routes.ts';
import {
  acceptAnyInvitation,
  findAnyInvitationDetails,
  remindAnyInvitation,
  revokeAnyInvitation,
} from './invitation-kinds.ts';
import { inviteUser, listAccountInvitations, revokeInvitation } from './invitations.service.ts';

/**
 * SPEC sections 4 and 7: user invitations (pending, cancelled, accepted). The details and accept paths are
 * not shown in the spec; they are named in its style (DECISIONS, "Paths the spec does not show").
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerInvitationRoutes);
  const deps = () => ({ database: app.context.database, queue: app.context.queue, messaging: app.context.messaging });
  const sessionDeps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });
  // Accepting a company invitation opens the company as the add-company wizard does (BankID, registry, VIES).
  const companyDeps = () => ({
    ...sessionDeps(),
    client: app.context.bankId.client,
    registry: app.context.companyRegistry.registry,
    vat: app.context.vatValidation.validator,
  });
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
        ...schema('Revoke a pending user or customer invitation (status cancelled)'),
        params: ZAnyInvitationParams,
        body: ZUpdateInvitationRequest,
        response: { 200: ZAnyInvitation, ...errors },
      },
    },
    async (request) => revokeAnyInvitation(deps(), requireActor(request), { invitationId: request.params.id }),
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
        ...schema('Send the invitation e-mail again (user or customer invitation): at most once an hour'),
        params: ZAnyInvitationParams,
        response: { 200: ZAnyInvitation, ...errors },
      },
    },
    async (request) =>
      remindAnyInvitation(deps(), requireActor(request), {
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
        summary:
          'What the /register/{id} page shows of a pending invitation (Kind user, company or personal); no session',
        params: ZAnyInvitationParams,
        response: { 200: ZAnyInvitationDetails, ...errors },
      },
    },
    async (request) => findAnyInvitationDetails(sessionDeps(), { invitationId: request.params.id }),
  );

  app.post(
    '/linktinker/app/account/invitations/:id/accept',
    {
      schema: {
        ...schema(
          'The signed-in person, with the invited e-mail, joins the account (user invitation) or opens the ' +
            'customer account (company: with a completed organisation-number BankID order); 201 with a token for it',
        ),
        params: ZAnyInvitationParams,
        body: ZAcceptInvitationRequest,
        response: { 201: ZAuthState, ...errors, 422: ZErrorResponse, 502: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const state = await acceptAnyInvitation(companyDeps(), requireActor(request), {
        invitationId: request.params.id,
        body: request.body,
      });
      return reply.code(201).send(state);
    },
  );
};
