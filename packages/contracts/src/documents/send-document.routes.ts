import { defineRoute } from '../http/route-contract.ts';
import { ZCostRequest, ZCostResponse, ZSendRequest, ZSendResponse } from './send-document.ts';

/** SPEC section 7 `POST linktinker/links/cost` and `POST linktinker/links`: pricing and sending a saved draft. */
const tags = ['documents'];
/** Integrations (API clients, OAuth apps) call these too, as the web app does (issue 26). */
const integrations = ['session', 'api-client'] as const;

export const quoteDocumentCostRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/cost',
  tags,
  callers: integrations,
  summary: "A saved draft's cost from the price list, the account's balance and whether it covers it",
  body: ZCostRequest,
  responses: { 200: ZCostResponse },
  // Only a draft has a price to quote (DOCUMENT_SAVE_FAILED: it was sent).
  errors: ['NOT_FOUND', 'FORBIDDEN', 'DOCUMENT_SAVE_FAILED'],
});

export const sendDocumentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links',
  tags,
  callers: integrations,
  summary:
    'Send a saved draft: SPEC section 5 checked (DOCUMENT_INVALID lists every problem), the cost reserved ' +
    '(INSUFFICIENT_BALANCE), one link per party, the invitations queued; the document is frozen from then on',
  body: ZSendRequest,
  responses: { 200: ZSendResponse },
  // SEND_FAILED: a party's channel (e-mail, texts) is not configured on this server.
  // VALIDATION_FAILED: SignFirst, and the first party is not the sender (their e-mail address).
  errors: [
    'NOT_FOUND',
    'FORBIDDEN',
    'VALIDATION_FAILED',
    'DOCUMENT_SAVE_FAILED',
    'DOCUMENT_INVALID',
    'INSUFFICIENT_BALANCE',
    'SEND_FAILED',
    // Sign & Pay (issue 25): a paying party without a product, a used single-use product, no connected account.
    'PAYMENT_PRODUCT_REQUIRED',
    'PAYMENT_PRODUCT_USED',
    'PAYEE_NOT_CONNECTED',
  ],
});
