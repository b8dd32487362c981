import {
  ZReferralCodeParams,
  ZReferralLink,
  ZReferralLinkDetails,
  ZReferralLinkParams,
  ZReferralLinksResponse,
  ZUpdateReferralLinkRequest,
} from '@signlink/contracts/accounts/referral-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity, accountRouteErrors as errors } from '../accounts/account-route-schemas.ts';
import { findReferralLinkDetails, listReferralLinks, updateReferralLink } from './referral-links.service.ts';

/**
 * SPEC sections 4, 6 and 7: a partner's referral links, and the public lookup the sign-up page makes. The PUT
 * path is not shown in the spec; it is named in its style (DECISIONS, "Paths the spec does not show").
 */
export const referralLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['partners'];
  const db = () => app.context.database.db;
  const deps = (brandId: Parameters<typeof app.context.messaging.publicUrls.forBrand>[0]) => ({
    db: db(),
    baseUrl: app.context.messaging.publicUrls.forBrand(brandId),
  });

  app.get(
    '/linktinker/app/account/referrallinks',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The partner's referral links with their registrations (a partner's administrators)",
        response: { 200: ZReferralLinksResponse, ...errors },
      },
    },
    async (request) => listReferralLinks(deps(request.brand.id), requireActor(request)),
  );

  app.put(
    '/linktinker/app/account/referrallinks/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Disable or enable one of the partner’s referral links; a disabled link lets no one register',
        params: ZReferralLinkParams,
        body: ZUpdateReferralLinkRequest,
        response: { 200: ZReferralLink, ...errors },
      },
    },
    async (request) =>
      updateReferralLink(deps(request.brand.id), requireActor(request), {
        code: request.params.id,
        disabled: request.body.Disabled,
      }),
  );

  app.get(
    '/linktinker/account/referrallink/:code',
    {
      schema: {
        tags,
        summary:
          'An active referral link for the sign-up page, without a session: the partner and the gift-card value ' +
          '(unknown: NOT_FOUND, disabled: REFERRAL_LINK_DISABLED)',
        params: ZReferralCodeParams,
        response: { 200: ZReferralLinkDetails, ...errors },
      },
    },
    async (request) => findReferralLinkDetails(db(), request.params.code),
  );
};
