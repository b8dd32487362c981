import {
  activateCampaignRoute,
  findCampaignRoute,
  listCampaignActivationsRoute,
} from '@signlink/contracts/billing/campaigns.routes';
import {
  activateGiftCardRoute,
  findBalanceRoute,
  findGiftCardRoute,
  findOwnGiftCardRoute,
  listGiftCardsRoute,
  listVoucherCreditsRoute,
} from '@signlink/contracts/billing/vouchers.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { findBalance, listAccountVoucherCredits } from './balance.service.ts';
import { activateCampaign, findCampaignDetails, listActivations } from './campaigns.service.ts';
import { activateGiftCard, findGiftCard, findOwnGiftCard, listGiftCards } from './gift-cards.service.ts';

/** SPEC section 7, Billing: the balance, gift cards and campaigns. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, findBalanceRoute, (request) => findBalance(db(), request.actor));
  route(app, listVoucherCreditsRoute, (request) => listAccountVoucherCredits(db(), request.actor));

  route(app, findGiftCardRoute, (request) => findGiftCard(db(), request.params.code));
  route(app, listGiftCardsRoute, (request) => listGiftCards(db(), request.actor));
  route(app, findOwnGiftCardRoute, (request) => findOwnGiftCard(db(), request.actor, request.params.code));
  route(app, activateGiftCardRoute, async (request) => {
    const activated = await activateGiftCard(db(), request.actor, request.params.code);
    // Money moved onto the account: no document history to hold it, so the log does.
    request.log.info(
      { accountId: request.actor.accountId, userId: request.actor.userId, code: activated.Code },
      'Gift card activated',
    );
    return activated;
  });

  route(app, findCampaignRoute, (request) => findCampaignDetails(db(), request.params.id));
  route(app, listCampaignActivationsRoute, (request) => listActivations(db(), request.actor));
  route(app, activateCampaignRoute, async (request) => {
    const activated = await activateCampaign(db(), request.actor, request.params.id);
    request.log.info(
      { accountId: request.actor.accountId, userId: request.actor.userId, campaignId: request.params.id },
      'Campaign activated',
    );
    return activated;
  });
};
