import type { ActivateAddOnRequest } from '@signlink/contracts/billing/add-on-catalogue';
import { activateAddOnRoute } from '@signlink/contracts/billing/add-on-catalogue.routes';
import type { RegisterInvoiceCustomer } from '@signlink/contracts/billing/invoices';
import {
  downloadInvoicePdfRoute,
  readInvoiceCustomerRoute,
  registerInvoiceCustomerRoute,
} from '@signlink/contracts/billing/invoices.routes';
import type { PricePlan } from '@signlink/contracts/billing/price-plans';
import {
  cancelPricePlanRoute,
  invoicePricePlanRoute,
  listPricePlansRoute,
  orderPricePlanRoute,
} from '@signlink/contracts/billing/price-plans.routes';
import { downloadReceiptPdfRoute, listReceiptsRoute } from '@signlink/contracts/billing/receipts.routes';
import type { StartTopUpRequest } from '@signlink/contracts/billing/top-up';
import { findPaymentSessionRoute, startTopUpRoute } from '@signlink/contracts/billing/top-up.routes';
import {
  activateGiftCardRoute,
  findBalanceRoute,
  findOwnGiftCardRoute,
  listGiftCardsRoute,
  listVoucherCreditsRoute,
} from '@signlink/contracts/billing/vouchers.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import { fileNameOfDisposition } from '../lib/save-blob.ts';
import type { ApiClient } from './api-client.ts';

/** The query keys (useApiQuery) of what a gift card's credit changes: the balance, its gift-card part, the cards. */
export const balanceQueryPaths = {
  balance: fillPath(findBalanceRoute.path, {}),
  voucherCredits: fillPath(listVoucherCreditsRoute.path, {}),
  giftCards: fillPath(listGiftCardsRoute.path, {}),
} as const;

/** What a paid top-up changes besides the balance: the receipts list. */
export const receiptsQueryPath = fillPath(listReceiptsRoute.path, {});

/** What ordering or cancelling a plan changes: the plans, and the auth state's `ActivePricePlan`. */
export const pricePlansQueryPath = fillPath(listPricePlansRoute.path, {});

type PlanId = PricePlan['PricePlanId'];

/** What a saved invoice customer registration answers, kept under its reading's query key. */
export const invoiceCustomerQueryPath = fillPath(readInvoiceCustomerRoute.path, {});

/** A billing PDF by its contract, with the name the server gives it (a JSON error answer when refused). */
async function downloadPdfWith(
  client: ApiClient,
  route: typeof downloadReceiptPdfRoute | typeof downloadInvoicePdfRoute,
  id: string,
) {
  const response = await client.api(
    route,
    { params: { id } },
    { silent: true, headers: { Accept: 'application/pdf, application/json' } },
  );
  return { blob: await response.blob(), fileName: fileNameOfDisposition(response.headers.get('content-disposition')) };
}

/** SPEC section 7, Billing: gift cards, top-ups and price plans. The screens show each refusal themselves, in the catalogue's words. */
export function createBillingApi(client: ApiClient) {
  return {
    findOwnGiftCard: (code: string) => client.api(findOwnGiftCardRoute, { params: { code } }, { silent: true }),
    // Not repeated by the client on a failure: the server credits a card once, and a second try would only answer
    // GIFT_CARD_USED for the first one's success.
    activateGiftCard: (code: string) =>
      client.api(activateGiftCardRoute, { params: { code } }, { silent: true, extraTries: 0 }),
    // Not repeated either: each call makes a new payment, and a lost answer must not leave two open.
    startTopUp: (body: StartTopUpRequest) => client.api(startTopUpRoute, { body }, { silent: true, extraTries: 0 }),
    // Likewise: each call starts a payment for the add-on's year.
    startAddOnPurchase: (body: ActivateAddOnRequest) =>
      client.api(activateAddOnRoute, { body }, { silent: true, extraTries: 0 }),
    // Silent: the return page says what a refusal means, and polls again on a passing failure.
    findPaymentSession: (id: string) => client.api(findPaymentSessionRoute, { params: { id } }, { silent: true }),
    // None of the three is repeated: each order makes a payment or an invoice, and a cancel twice is refused.
    orderPricePlan: (id: PlanId, years: number) =>
      client.api(orderPricePlanRoute, { params: { id }, body: { Years: years } }, { silent: true, extraTries: 0 }),
    invoicePricePlan: (pricePlanId: PlanId, years: number) =>
      client.api(
        invoicePricePlanRoute,
        { params: { pricePlanId }, body: { Years: years } },
        { silent: true, extraTries: 0 },
      ),
    cancelPricePlan: () => client.api(cancelPricePlanRoute, {}, { silent: true, extraTries: 0 }),
    downloadReceiptPdf: (id: string) => downloadPdfWith(client, downloadReceiptPdfRoute, id),
    downloadInvoicePdf: (id: string) => downloadPdfWith(client, downloadInvoicePdfRoute, id),
    registerInvoiceCustomer: (body: RegisterInvoiceCustomer) =>
      client.api(registerInvoiceCustomerRoute, { body }, { silent: true }),
  };
}
