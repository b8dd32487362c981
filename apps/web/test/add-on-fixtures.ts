import type { ServerResponse } from 'node:http';
import {
  type ActivateAddOnResponse,
  type AddOn,
  addOnEnables,
  type SmartFieldsResponse,
  smartFieldIds,
  smartFieldSources,
} from '@signlink/contracts/billing/add-on-catalogue';
import { addOnIds } from '@signlink/contracts/billing/add-ons';
import { addOnYearlyFees } from '@signlink/contracts/billing/price-list';
import type { ErrorCode } from '@signlink/contracts/errors/error-codes';
import { errorCatalogue } from '@signlink/contracts/errors/error-codes';
import { type RecordedRequest, sendJson } from './test-http-server.ts';

/** Every add-on as the server lists it for a Swedish SEK account that has none (add-ons.service.ts). */
export const swedishAddOns: AddOn[] = addOnIds.map((id) => ({
  AddOnId: id,
  YearlyFee: addOnYearlyFees[id].SEK,
  VatPercent: 25,
  Currency: 'SEK',
  Active: false,
  ActiveUntil: null,
  CanBuy: true,
  Enables: [...addOnEnables[id]],
}));

/** The list with one add-on's state replaced. */
export const addOnsWith = (id: AddOn['AddOnId'], state: Partial<AddOn>): AddOn[] =>
  swedishAddOns.map((addOn) => (addOn.AddOnId === id ? { ...addOn, ...state } : addOn));

export const startedAddOn: ActivateAddOnResponse = {
  PaymentId: 'pay-2',
  SessionId: 'cs_test_2',
  Url: 'https://checkout.example/pay/cs_test_2',
};

export interface AddOnServerOptions {
  addOns?: AddOn[];
  /** What starting a purchase answers instead of `startedAddOn`. */
  addOnError?: ErrorCode;
}

/** The add-on contracts (add-on-catalogue.routes.ts) as the server answers them; true when the request was theirs. */
export function handleAddOns(
  options: AddOnServerOptions,
  request: RecordedRequest,
  path: string,
  response: ServerResponse,
): boolean {
  const addOns = options.addOns ?? swedishAddOns;
  if (path === '/v2/linktinker/app/addons') {
    sendJson(response, 200, { AddOns: addOns });
    return true;
  }
  if (path === '/v2/linktinker/app/addons/smartfields') {
    sendJson(response, 200, {
      Active: addOns.some((addOn) => addOn.AddOnId === 'smart-fields' && addOn.Active),
      SmartFields: smartFieldIds.map((id) => ({ SmartFieldId: id, Source: smartFieldSources[id] })),
    } satisfies SmartFieldsResponse);
    return true;
  }
  if (path === '/v2/linktinker/app/payments/addons/activate' && request.method === 'POST') {
    const code = options.addOnError;
    if (code) sendJson(response, errorCatalogue[code].status, { code, message: code, requestId: 'req-1' });
    else sendJson(response, 201, startedAddOn);
    return true;
  }
  return false;
}
