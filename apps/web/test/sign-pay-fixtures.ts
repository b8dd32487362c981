import type { ServerResponse } from 'node:http';
import {
  type PayeeAccount,
  ZPayeeAccount,
  ZStartOnboardingRequest,
  ZStartOnboardingResponse,
} from '@signlink/contracts/sign-pay/payee-account';
import {
  type CreatePaymentProductRequest,
  type PaymentProduct,
  signPayAmounts,
  taxCodeVatPercent,
  ZCreatePaymentProductRequest,
  ZDefaultTaxCodeResponse,
  ZPaymentProduct,
  ZPaymentProductsResponse,
} from '@signlink/contracts/sign-pay/payment-products';
import { pathOf } from './auth-fixtures.ts';
import { type RecordedRequest, sendJson } from './test-http-server.ts';

/** A product as the server presents it, parsed by the contract so the fixture cannot drift from it. */
export function productOf(overrides: Partial<PaymentProduct> = {}): PaymentProduct {
  return ZPaymentProduct.parse({
    Id: 'pp_consulting',
    Name: 'Consulting hour',
    Description: '',
    TaxCode: 'se-vat-25',
    VatPercent: 25,
    TaxBehavior: 'inclusive',
    Price: 125_000,
    Net: 100_000,
    Vat: 25_000,
    Total: 125_000,
    Currency: 'SEK',
    AllowMultipleUse: true,
    UsedCount: 2,
    Usable: true,
    Created: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

export function payeeAccountOf(overrides: Partial<PayeeAccount> = {}): PayeeAccount {
  return ZPayeeAccount.parse({
    Status: 'not-connected',
    ConnectedAccountId: null,
    ConnectedAt: null,
    CanManage: true,
    ...overrides,
  });
}

export const onboardingUrl = 'http://127.0.0.1:9/stripe-simulator/onboarding/acct_sim_1';

/** What the fake server holds: the account, the products, and whether the caller may make products. */
export interface SignPayServerState {
  account: PayeeAccount;
  products: PaymentProduct[];
  canCreate?: boolean;
}

/**
 * Answers the six sender calls of Sign & Pay as the contracts describe them (the server routes are written against
 * the same contracts): a made product is priced as the server prices it and listed first. False for another path.
 */
export function answerSignPay(state: SignPayServerState, request: RecordedRequest, response: ServerResponse): boolean {
  const path = pathOf(request.url);
  if (path === '/v2/linktinker/app/getpaid/account' && request.method === 'GET') {
    sendJson(response, 200, ZPayeeAccount.parse(state.account));
    return true;
  }
  if (path === '/v2/linktinker/app/getpaid/account/onboarding' && request.method === 'POST') {
    ZStartOnboardingRequest.parse(JSON.parse(request.body));
    sendJson(response, 200, ZStartOnboardingResponse.parse({ Url: onboardingUrl }));
    return true;
  }
  if (path === '/v2/linktinker/app/getpaid/defaulttaxcode') {
    const TaxCodes = Object.entries(taxCodeVatPercent).map(([Code, VatPercent]) => ({ Code, VatPercent }));
    sendJson(response, 200, ZDefaultTaxCodeResponse.parse({ TaxCode: 'se-vat-25', TaxCodes }));
    return true;
  }
  if (path === '/v2/linktinker/app/getpaid/paymentlinks' && request.method === 'GET') {
    const answer = { PaymentLinks: state.products, Currency: 'SEK', CanCreate: state.canCreate ?? true };
    sendJson(response, 200, ZPaymentProductsResponse.parse(answer));
    return true;
  }
  if (path === '/v2/linktinker/app/getpaid/paymentlinks' && request.method === 'POST') {
    const body: CreatePaymentProductRequest = ZCreatePaymentProductRequest.parse(JSON.parse(request.body));
    const vatPercent = taxCodeVatPercent[body.TaxCode];
    const amounts = signPayAmounts(body.Price, vatPercent, body.TaxBehavior ?? 'inclusive');
    const product = productOf({
      Id: `pp_${state.products.length + 1}`,
      Name: body.Name,
      Description: body.Description ?? '',
      TaxCode: body.TaxCode,
      VatPercent: vatPercent,
      TaxBehavior: body.TaxBehavior,
      Price: body.Price,
      Net: amounts.netMinor,
      Vat: amounts.vatMinor,
      Total: amounts.totalMinor,
      AllowMultipleUse: body.AllowMultipleUse,
      UsedCount: 0,
    });
    state.products = [product, ...state.products];
    sendJson(response, 201, product);
    return true;
  }
  const details = /^\/v2\/linktinker\/app\/getpaid\/paymentlinks\/([^/]+)\/details$/.exec(path);
  if (details) {
    const product = state.products.find((each) => each.Id === details[1]);
    if (product) sendJson(response, 200, product);
    else sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
    return true;
  }
  return false;
}
