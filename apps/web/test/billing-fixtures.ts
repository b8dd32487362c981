import type { AuthState } from '@signlink/contracts/auth/auth-state';
import type { Balance, VoucherCredit } from '@signlink/contracts/billing/balance';
import type { PricePlansResponse } from '@signlink/contracts/billing/price-plans';
import type { TransactionFeesResponse } from '@signlink/contracts/billing/transaction-fees';
import type { ActivateGiftCardResponse, GiftCard } from '@signlink/contracts/billing/vouchers';
import type { ErrorCode } from '@signlink/contracts/errors/error-codes';
import { errorCatalogue } from '@signlink/contracts/errors/error-codes';
import { type AddOnServerOptions, handleAddOns } from './add-on-fixtures.ts';
import { authStateFor, pathOf } from './auth-fixtures.ts';
import { createInvoiceHandler, type InvoiceServerOptions } from './invoice-fixtures.ts';
import { createPricePlanHandler, swedishPricePlans } from './price-plan-fixtures.ts';
import { type RecordedRequest, sendJson, startTestHttpServer } from './test-http-server.ts';
import { createTopUpHandler, type TopUpServerOptions } from './top-up-fixtures.ts';

export const giftCard: GiftCard = {
  Code: 'GIFT2026SPRING',
  Value: 500_00,
  Currency: 'SEK',
  ExpiresAt: '2027-03-31T22:00:00.000Z',
  IsPersonal: false,
  State: 'available',
  CanActivate: true,
  RefusalCode: null,
};

export const welcomeCredit: VoucherCredit = {
  Id: 'credit-1',
  Source: 'campaign',
  Name: 'Welcome 2026',
  Value: 200_00,
  Remaining: 75_50,
  Currency: 'SEK',
  ActivatedAt: '2026-10-01T08:00:00.000Z',
  ExpiresAt: '2026-12-31T23:00:00.000Z',
  IsExpired: false,
};

export interface BillingServerOptions extends TopUpServerOptions, AddOnServerOptions, InvoiceServerOptions {
  auth?: AuthState;
  balance?: Partial<Balance>;
  credits?: VoucherCredit[];
  cards?: GiftCard[];
  /** The card `vouchers/{code}` and `app/vouchers/{code}` answer for its code; other codes are GIFT_CARD_INVALID. */
  card?: GiftCard;
  /** A refusal that only activation finds (another tab redeemed the card meanwhile). */
  activateError?: ErrorCode;
  /** How long activation takes, so two clicks can be in flight together. */
  activateDelayMs?: number;
  /** What `app/transactionfees` answers; none sent otherwise. */
  fees?: TransactionFeesResponse;
  /** What `app/priceplans` answers at first (price-plan-fixtures.ts); a Swedish company without a plan otherwise. */
  plans?: PricePlansResponse;
}

function sendError(response: Parameters<typeof sendJson>[0], code: ErrorCode) {
  sendJson(response, errorCatalogue[code].status, { code, message: code, requestId: 'req-1' });
}

/**
 * A real HTTP server answering the billing contracts of packages/contracts/src/billing as the server will: the
 * balance, the credits, the cards, the lookups and activation, which credits the card's value once and puts it in the
 * balance that `GET user` answers afterwards; the top-up, its payment and the receipts (top-up-fixtures.ts), a paid
 * top-up crediting the balance in the same way; and the invoices and invoice customer registration (invoice-fixtures.ts).
 */
export async function startBillingServer(options: BillingServerOptions = {}) {
  const auth = options.auth ?? authStateFor();
  const card = options.card ?? giftCard;
  let total = options.balance?.TotalBalance ?? auth.balances.TotalBalance;
  let voucher = options.balance?.VoucherBalance ?? auth.balances.VoucherBalance;
  const handleTopUp = createTopUpHandler(options, {
    credit: (amount) => {
      total += amount;
      return total;
    },
    balance: () => total,
  });
  const handleInvoices = createInvoiceHandler(options);
  const handlePricePlans = createPricePlanHandler(options.plans ?? swedishPricePlans());
  const server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (handleTopUp(request, path, response)) return;
    if (handlePricePlans(request, path, response)) return;
    if (handleAddOns(options, request, path, response)) return;
    if (handleInvoices(request, path, response)) return;
    const codeOf = (prefix: string) => decodeURIComponent(path.slice(prefix.length).split('/')[0] ?? '');
    if (path === '/v2/user') {
      return sendJson(response, 200, {
        ...auth,
        balances: { ...auth.balances, TotalBalance: total, VoucherBalance: voucher },
      });
    }
    if (path === '/v2/linktinker/app/balance') {
      return sendJson(response, 200, {
        Currency: 'SEK',
        TotalBalance: total,
        VoucherBalance: voucher,
        LowBalanceLevel: 1,
        ...options.balance,
      } satisfies Balance);
    }
    if (path === '/v2/linktinker/app/balance/vouchers') {
      return sendJson(response, 200, { Vouchers: options.credits ?? [] });
    }
    if (path === '/v2/linktinker/app/vouchers') return sendJson(response, 200, { Vouchers: options.cards ?? [] });
    if (path === '/v2/linktinker/app/transactionfees') {
      return sendJson(response, 200, options.fees ?? { Fees: [], Total: 0, Currency: 'SEK' });
    }
    if (path.startsWith('/v2/linktinker/app/vouchers/') && path.endsWith('/activate') && request.method === 'POST') {
      if (codeOf('/v2/linktinker/app/vouchers/') !== card.Code) return sendError(response, 'GIFT_CARD_INVALID');
      const answer = () => {
        if (options.activateError) return sendError(response, options.activateError);
        total += card.Value;
        voucher += card.Value;
        sendJson(response, 200, {
          Code: card.Code,
          Credited: card.Value,
          Currency: card.Currency,
          ExpiresAt: card.ExpiresAt,
          TotalBalance: total,
          VoucherBalance: voucher,
        } satisfies ActivateGiftCardResponse);
      };
      return void setTimeout(answer, options.activateDelayMs ?? 0);
    }
    for (const prefix of ['/v2/linktinker/app/vouchers/', '/v2/linktinker/vouchers/']) {
      if (!path.startsWith(prefix)) continue;
      if (codeOf(prefix) !== card.Code) return sendError(response, 'GIFT_CARD_INVALID');
      // The public call knows nothing of the account (vouchers.ts).
      const isPublic = prefix === '/v2/linktinker/vouchers/';
      return sendJson(response, 200, isPublic ? { ...card, CanActivate: null, RefusalCode: null } : card);
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  return server;
}

/** The requests to a path, by method. */
export function callsTo(requests: RecordedRequest[], method: string, path: string): RecordedRequest[] {
  return requests.filter((request) => request.method === method && pathOf(request.url) === path);
}
