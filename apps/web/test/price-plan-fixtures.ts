import type { ServerResponse } from 'node:http';
import {
  maxPlanYears,
  planCancelNoticeDays,
  pricePlanIds,
  pricePlans,
  sharingPricePlans,
} from '@signlink/contracts/billing/price-list';
import type { ActivePricePlan, PricePlansResponse } from '@signlink/contracts/billing/price-plans';
import type { ErrorCode } from '@signlink/contracts/errors/error-codes';
import { errorCatalogue } from '@signlink/contracts/errors/error-codes';
import { type RecordedRequest, sendJson } from './test-http-server.ts';

/** The plans as the server prices them for a Swedish company (price-list.ts): SEK, 25 % VAT on top. */
export function swedishPricePlans(overrides: Partial<PricePlansResponse> = {}): PricePlansResponse {
  return {
    Currency: 'SEK',
    Plans: pricePlanIds.map((id) => ({
      PricePlanId: id,
      YearlyFee: pricePlans[id].yearlyFee.SEK,
      SignaturesPerYear: pricePlans[id].signaturesPerYear,
      Currency: 'SEK',
      VatPercent: 25,
      AllowsSharing: sharingPricePlans.includes(id),
    })),
    Active: null,
    CanOrder: true,
    InvoiceCustomer: false,
    MaxYears: maxPlanYears,
    CancelNoticeDays: planCancelNoticeDays,
    ...overrides,
  };
}

/** A MEDIUM plan by card from 1 March 2026 to 1 March 2027, 12 signatures used, cancellable until 30 January. */
export const activeMediumPlan: ActivePricePlan = {
  PricePlanId: 'MEDIUM',
  Status: 'active',
  Years: 1,
  StartDate: '2026-03-01T00:00:00.000Z',
  EndDate: '2099-03-01T00:00:00.000Z',
  YearEndDate: '2099-03-01T00:00:00.000Z',
  SignaturesPerYear: 300,
  SignaturesUsed: 12,
  PaymentMethod: 'card',
  Renews: true,
  CancelBy: '2099-01-30T00:00:00.000Z',
};

export const startedPlanOrder = {
  PaymentId: 'pay-plan-1',
  SessionId: 'cs_plan_1',
  Url: 'https://checkout.example/pay/cs_plan_1',
};

function sendError(response: ServerResponse, code: ErrorCode) {
  sendJson(response, errorCatalogue[code].status, { code, message: code, requestId: 'req-1' });
}

/**
 * The price-plan contracts (price-plans.routes.ts) as the server answers them; true when the request was one of
 * theirs. Ordering by invoice starts the plan at once, cancelling marks it cancelled (a second cancel is refused).
 */
export function createPricePlanHandler(initial: PricePlansResponse) {
  let plans = initial;
  return (request: RecordedRequest, path: string, response: ServerResponse): boolean => {
    if (path === '/v2/linktinker/app/priceplans' && request.method === 'GET') {
      sendJson(response, 200, plans);
      return true;
    }
    const order = /^\/v2\/linktinker\/app\/payments\/priceplans\/([A-Z]+)\/order$/.exec(path);
    if (order && request.method === 'POST') {
      sendJson(response, 201, startedPlanOrder);
      return true;
    }
    const invoice = /^\/v2\/linktinker\/app\/priceplans\/([A-Z]+)\/invoice$/.exec(path);
    if (invoice && request.method === 'POST') {
      const { Years } = JSON.parse(request.body) as { Years: number };
      const planId = invoice[1] as ActivePricePlan['PricePlanId'];
      const active: ActivePricePlan = {
        ...activeMediumPlan,
        PricePlanId: planId,
        Years,
        SignaturesPerYear: pricePlans[planId].signaturesPerYear,
        SignaturesUsed: 0,
        PaymentMethod: 'invoice',
      };
      plans = { ...plans, Active: active };
      sendJson(response, 201, { Plan: active, InvoiceId: 'inv-1', InvoiceNumber: 1001 });
      return true;
    }
    if (path === '/v2/linktinker/app/priceplans/cancel' && request.method === 'POST') {
      if (!plans.Active) sendError(response, 'PRICE_PLAN_NOT_ACTIVE');
      else if (plans.Active.Status === 'cancelled') sendError(response, 'PRICE_PLAN_ALREADY_CANCELLED');
      else {
        const cancelled: ActivePricePlan = { ...plans.Active, Status: 'cancelled', Renews: false, CancelBy: null };
        plans = { ...plans, Active: cancelled };
        sendJson(response, 200, { Plan: cancelled });
      }
      return true;
    }
    return false;
  };
}
