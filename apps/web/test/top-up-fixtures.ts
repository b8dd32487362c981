import type { ServerResponse } from 'node:http';
import { topUpProductIds, topUpProducts } from '@signlink/contracts/billing/price-list';
import type { Receipt } from '@signlink/contracts/billing/receipts';
import type {
  PaymentSession,
  PaymentStatus,
  StartTopUpResponse,
  TopUpProductsResponse,
} from '@signlink/contracts/billing/top-up';
import { vatOf } from '@signlink/contracts/billing/vat';
import type { ErrorCode } from '@signlink/contracts/errors/error-codes';
import { errorCatalogue } from '@signlink/contracts/errors/error-codes';
import { type RecordedRequest, sendJson } from './test-http-server.ts';

/** The SEK products as the server prices them for a Swedish customer (top-up-products.ts): 25 % VAT on top. */
export const swedishTopUpProducts: TopUpProductsResponse = {
  Currency: 'SEK',
  Products: topUpProductIds.map((id) => {
    const amount = topUpProducts[id].SEK;
    return {
      ProductId: id,
      Amount: amount,
      Vat: vatOf(amount, 25),
      Total: amount + vatOf(amount, 25),
      Currency: 'SEK',
    };
  }),
  CustomAmountMin: 100_00,
  CustomAmountMax: 20_000_00,
  VatPercent: 25,
};

export const topUpReceipt: Receipt = {
  Id: 'rcpt-1',
  Number: 1042,
  PaidAt: '2026-11-27T10:15:00.000Z',
  Method: 'card',
  Description: 'Balance top-up',
  Subtotal: 500_00,
  VatPercent: 25,
  Vat: 125_00,
  Amount: 625_00,
  Currency: 'SEK',
  PeriodStart: null,
  PeriodEnd: null,
};

export const startedTopUp: StartTopUpResponse = {
  PaymentId: 'pay-1',
  SessionId: 'cs_test_1',
  Url: 'https://checkout.example/pay/cs_test_1',
};

/** A PDF's first bytes, enough for the download to be told from JSON. */
export const receiptPdfBytes = '%PDF-1.7\n% receipt 1042\n';

export interface TopUpServerOptions {
  products?: TopUpProductsResponse;
  /** What `sessions/{id}` answers, call by call; the last one repeats. */
  statuses?: PaymentStatus[];
  receipts?: Receipt[];
  /** What `sessions/{id}` says the payment bought, when not a top-up (an add-on's `Kind` and `ProductId`). */
  bought?: Pick<PaymentSession, 'Kind' | 'ProductId'>;
}

interface TopUpState {
  /** Credits the balance once and answers the total after it. */
  credit: (amount: number) => number;
  balance: () => number;
}

function sendError(response: ServerResponse, code: ErrorCode) {
  sendJson(response, errorCatalogue[code].status, { code, message: code, requestId: 'req-1' });
}

/**
 * The top-up and receipt contracts (top-up.routes.ts, receipts.routes.ts) as the server answers them; true when the
 * request was one of theirs. The payment started is always `startedTopUp`, priced from the product or amount sent.
 */
export function createTopUpHandler(options: TopUpServerOptions, state: TopUpState) {
  const products = options.products ?? swedishTopUpProducts;
  const receipts = options.receipts ?? [];
  let started: { amount: number; vat: number } = { amount: 500_00, vat: vatOf(500_00, products.VatPercent) };
  let polls = 0;
  let isCredited = false;

  return (request: RecordedRequest, path: string, response: ServerResponse): boolean => {
    if (path === '/v2/linktinker/app/balance/payments/products') {
      sendJson(response, 200, products);
      return true;
    }
    if (path === '/v2/linktinker/app/balance/payments' && request.method === 'POST') {
      const body = JSON.parse(request.body) as { ProductId?: string; Amount?: number };
      const product = products.Products.find((candidate) => candidate.ProductId === body.ProductId);
      const amount = product?.Amount ?? body.Amount ?? 0;
      if (!product && (amount < products.CustomAmountMin || amount > products.CustomAmountMax)) {
        sendError(response, 'TOP_UP_AMOUNT_OUT_OF_RANGE');
        return true;
      }
      started = { amount, vat: vatOf(amount, products.VatPercent) };
      sendJson(response, 201, startedTopUp);
      return true;
    }
    if (path.startsWith('/v2/linktinker/app/sessions/')) {
      const id = decodeURIComponent(path.slice('/v2/linktinker/app/sessions/'.length));
      if (id !== startedTopUp.SessionId && id !== startedTopUp.PaymentId) {
        sendError(response, 'NOT_FOUND');
        return true;
      }
      const statuses = options.statuses ?? ['paid'];
      const status = statuses[Math.min(polls, statuses.length - 1)] ?? 'paid';
      polls += 1;
      const isPaid = status === 'paid';
      if (isPaid && !isCredited) {
        isCredited = true;
        state.credit(started.amount);
      }
      sendJson(response, 200, {
        Status: status,
        Kind: 'top-up',
        ...options.bought,
        Amount: started.amount,
        Vat: started.vat,
        Total: started.amount + started.vat,
        Currency: products.Currency,
        ...(isPaid ? { ReceiptId: topUpReceipt.Id } : {}),
        TotalBalance: state.balance(),
      } satisfies PaymentSession);
      return true;
    }
    if (path === '/v2/linktinker/app/receipts') {
      sendJson(response, 200, { Receipts: receipts });
      return true;
    }
    if (path.startsWith('/v2/linktinker/app/receipts/')) {
      const [id, file] = path.slice('/v2/linktinker/app/receipts/'.length).split('/');
      const receipt = receipts.find((candidate) => candidate.Id === id);
      if (!receipt) sendError(response, 'NOT_FOUND');
      else if (file === 'pdf') {
        response.writeHead(200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="receipt-${receipt.Number}.pdf"`,
        });
        response.end(receiptPdfBytes);
      } else sendJson(response, 200, receipt);
      return true;
    }
    return false;
  };
}
