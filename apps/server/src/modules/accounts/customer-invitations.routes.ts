import {
  ZCustomerInvitation,
  ZCustomerInvitationsResponse,
  ZInviteCompanyCustomerRequest,
  ZInvitePersonalCustomerRequest,
} from '@signlink/contracts/accounts/customer-invitations';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { accountRouteErrors, bearerSecurity } from './account-route-schemas.ts';
import { inviteCustomer, listPartnerCustomerInvitations } from './customer-invitations.service.ts';

const errors = { ...accountRouteErrors, 422: ZErrorResponse };

/**
 * SPEC sections 6 and 7: a partner's administrators invite customer accounts. Revoke, remind, details and
 * accept share `account/invitations/{id}` with user invitations (invitations.routes.ts). The list's path is
 * not shown in the spec; it is named in its style (DECISIONS, "Paths the spec does not show").
 */
export const customerInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ database: app.context.database, queue: app.context.queue, messaging: app.context.messaging });
  const schema = (summary: string) => ({ tags: ['customer accounts'], summary, security: bearerSecurity });

  app.post(
    '/linktinker/app/account/invite',
    {
      schema: {
        ...schema(
          'Invite a Swedish company to open a customer account (partner administrators): 201 new; an address ' +
            'already invited for the company gets its pending invitation again (200, at most once an hour)',
        ),
        body: ZInviteCompanyCustomerRequest,
        response: { 200: ZCustomerInvitation, 201: ZCustomerInvitation, ...errors },
      },
    },
    async (request, reply) => {
      const { invitation, isNew } = await inviteCustomer(deps(), requireActor(request), {
        kind: 'company',
        ...request.body,
        locale: request.locale,
        brand: request.brand.id,
      });
      return reply.code(isNew ? 201 : 200).send(invitation);
    },
  );

  app.post(
    '/linktinker/app/account/invite/personal',
    {
      schema: {
        ...schema('Invite a person to open a personal customer account (partner administrators): 201, or 200 again'),
        body: ZInvitePersonalCustomerRequest,
        response: { 200: ZCustomerInvitation, 201: ZCustomerInvitation, ...errors },
      },
    },
    async (request, reply) => {
      const { invitation, isNew } = await inviteCustomer(deps(), requireActor(request), {
        kind: 'personal',
        ...request.body,
        locale: request.locale,
        brand: request.brand.id,
      });
      return reply.code(isNew ? 201 : 200).send(invitation);
    },
  );

  app.get(
    '/linktinker/app/account/customerinvitations',
    {
      schema: {
        ...schema("The partner's customer invitations with their status, newest first (partner administrators)"),
        response: { 200: ZCustomerInvitationsResponse, ...errors },
      },
    },
    async (request) => listPartnerCustomerInvitations(deps(), requireActor(request)),
  );
};
