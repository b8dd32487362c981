import {
  findReferralLinkDetailsRoute,
  listReferralLinksRoute,
  updateReferralLinkRoute,
} from '@signlink/contracts/accounts/referral-links.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { findReferralLinkDetails, listReferralLinks, updateReferralLink } from './referral-links.service.ts';

/** SPEC sections 4, 6 and 7: a partner's referral links, and the public lookup the sign-up page makes. */
export const referralLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;
  const deps = (brandId: Parameters<typeof app.context.messaging.publicUrls.forBrand>[0]) => ({
    db: db(),
    baseUrl: app.context.messaging.publicUrls.forBrand(brandId),
  });

  route(app, listReferralLinksRoute, (request) => listReferralLinks(deps(request.brand.id), request.actor));

  route(app, updateReferralLinkRoute, (request) =>
    updateReferralLink(deps(request.brand.id), request.actor, {
      code: request.params.id,
      disabled: request.body.Disabled,
    }),
  );

  route(app, findReferralLinkDetailsRoute, (request) => findReferralLinkDetails(db(), request.params.code));
};
