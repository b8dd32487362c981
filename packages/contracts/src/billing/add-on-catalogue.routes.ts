import { defineRoute } from '../http/route-contract.ts';
import {
  ZActivateAddOnRequest,
  ZActivateAddOnResponse,
  ZAddOnsResponse,
  ZSmartFieldsResponse,
} from './add-on-catalogue.ts';

/** SPEC section 7, Billing: the add-ons, the smart fields, and buying an add-on's year by card. */
const tags = ['billing'];

export const listAddOnsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/addons',
  tags,
  callers: ['session'],
  summary: "Every add-on with its yearly fee in the account's currency, whether it is active and until when",
  responses: { 200: ZAddOnsResponse },
  errors: ['FORBIDDEN'],
});

export const listSmartFieldsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/addons/smartfields',
  tags,
  callers: ['session'],
  summary: "The fields the service fills in itself, and whether the account's smart-fields add-on is active",
  responses: { 200: ZSmartFieldsResponse },
  errors: ['FORBIDDEN'],
});

export const activateAddOnRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/payments/addons/activate',
  tags,
  callers: ['session'],
  summary: "Buys an add-on's year: priced by the server, paid on the Checkout page returned, active once paid",
  body: ZActivateAddOnRequest,
  responses: { 201: ZActivateAddOnResponse },
  errors: ['FORBIDDEN', 'ADD_ON_ALREADY_ACTIVE'],
});
