import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SimCheckoutSession } from './stripe-checkout-session.ts';
import { SimStripeError } from './stripe-errors.ts';
import type { StripeSimulatorControls } from './stripe-simulator-controls.ts';

/*
 * Stripe's hosted checkout page, played by a tester: the amount and lines, and a button per outcome. Plain HTML
 * forms that post and redirect, so it works without JavaScript (and in a browser journey with nothing to wait for).
 * Mounted under the simulator's public base (`/sim/stripe`), so a session's `url` opens here.
 */

const FORM = 'application/x-www-form-urlencoded';
type PageRequest = FastifyRequest<{ Params: { id: string; outcome?: string } }>;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Minor units as Stripe's page shows them, e.g. "SEK 500.00" or "€12.50". */
export function formatStripeAmount(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountMinor / 100,
  );
}

export const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  header { background: #635bff; color: #fff; padding: 16px 24px; }
  header p { margin: 0; font-size: 14px; }
  main { max-width: 560px; margin: 24px auto; padding: 24px; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px #0003; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 16px; }
  th, td { text-align: left; padding: 6px 0; border-bottom: 1px solid #e3e8ee; }
  td.amount, th.amount { text-align: right; }
  .total { font-size: 20px; font-weight: 600; }
  .alert { background: #fde8e8; color: #8a1c1c; padding: 12px; border-radius: 4px; }
  form { display: inline; }
  button { font: inherit; padding: 10px 14px; border: 0; border-radius: 4px; background: #635bff; color: #fff; cursor: pointer; margin: 4px 4px 0 0; }
  button.secondary { background: #e3e8ee; color: #1a1f36; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
  a.button { display: inline-block; padding: 10px 14px; border-radius: 4px; background: #e3e8ee; color: #1a1f36; margin: 4px 4px 0 0; }
  dt { font-weight: 600; }
  dd { margin: 0 0 8px; overflow-wrap: anywhere; }
  .hint { font-size: 13px; color: #4f566b; }
</style>
</head>
<body>
<header><p>Stripe simulator: test mode, no real money moves</p></header>
<main>
${body}
</main>
</body>
</html>`;

export const button = (action: string, label: string, isSecondary = false) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit"${isSecondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;

export function renderCheckoutPage(session: SimCheckoutSession, base: string): string {
  const total = formatStripeAmount(session.amountTotal, session.currency);
  const rows = session.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td><td class="amount">${formatStripeAmount(line.unitAmount * line.quantity, session.currency)}</td></tr>`,
    )
    .join('\n');
  const action = (outcome: string) => `${base}/checkout/${session.id}/${outcome}`;
  const open = `
<p class="hint" id="outcomes-hint">Choose what the payment does. Card payments settle at once; a bank debit settles later.</p>
<div role="group" aria-labelledby="outcomes-heading" aria-describedby="outcomes-hint">
<h2 id="outcomes-heading">Outcome</h2>
${button(action('pay'), `Pay ${total}`)}
${button(action('decline'), 'Payment fails (card declined)', true)}
${button(action('fail-later'), 'Payment fails later (bank debit)', true)}
${button(action('pend'), 'Leave pending (bank debit)', true)}
${button(action('cancel'), 'Cancel and go back', true)}
</div>`;
  const settle = `
<div role="group" aria-labelledby="settle-heading">
<h2 id="settle-heading">Settle the bank debit</h2>
${button(action('settle-succeeded'), 'Debit succeeded')}
${button(action('settle-failed'), 'Debit failed', true)}
</div>`;
  const state =
    session.status === 'open'
      ? open
      : `<p role="status">This checkout is ${session.status}${session.status === 'complete' ? ` (${session.paymentStatus})` : ''}.</p>${session.isAwaitingSettlement ? settle : ''}`;
  return layout(
    `Pay ${total}`,
    `<h1>Pay <span class="total">${total}</span></h1>
${session.customerEmail ? `<p>Receipt to ${escapeHtml(session.customerEmail)}</p>` : ''}
<table>
<caption class="hint">What you pay for</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row">Total</th><td class="amount total">${total}</td></tr></tfoot>
</table>
${session.declineMessage ? `<p class="alert" role="alert">${escapeHtml(session.declineMessage)} Try again, or choose another outcome.</p>` : ''}
${state}`,
  );
}

/**
 * What the simulator's hosted pages (checkout, invoice) share: a button's form posts an empty body (the outcome is in
 * the address), and a refusal is a page saying why under the page's title.
 */
export function useHtmlPageForms(app: FastifyInstance, title: string) {
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
  app.setErrorHandler((error: Error, _req, reply: FastifyReply) => {
    const status = error instanceof SimStripeError ? (error.status === 404 ? 404 : 409) : 500;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(layout(title, `<h1>${title}</h1><p role="alert">${escapeHtml(error.message)}</p>`));
  });
}

/** Stripe replaces this placeholder in success_url with the session's id. */
const withSessionId = (url: string, id: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', id);

export const stripeCheckoutPagePlugin: FastifyPluginAsync<{ controls: StripeSimulatorControls }> = async (
  app,
  { controls },
) => {
  const base = app.prefix;
  useHtmlPageForms(app, 'Checkout');

  const page = (reply: FastifyReply, session: SimCheckoutSession, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(renderCheckoutPage(session, base));

  app.get('/checkout/:id', async (req: PageRequest, reply) => page(reply, controls.findSession(req.params.id)));

  app.post('/checkout/:id/:outcome', async (req: PageRequest, reply) => {
    const { id, outcome } = req.params;
    const toSuccess = (session: SimCheckoutSession) => reply.redirect(withSessionId(session.successUrl, id), 303);
    switch (outcome) {
      case 'pay':
        return toSuccess(controls.pay(id));
      case 'pend':
        return toSuccess(controls.pend(id));
      case 'fail-later':
        controls.pend(id);
        return toSuccess(controls.settle(id, 'failed'));
      case 'decline':
        // 402, as Stripe answers a declined card; the page says so and offers the outcomes again.
        return page(reply, controls.decline(id), 402);
      case 'cancel': {
        const session = controls.cancel(id);
        return session.cancelUrl ? reply.redirect(session.cancelUrl, 303) : page(reply, session);
      }
      case 'settle-succeeded':
      case 'settle-failed':
        controls.settle(id, outcome === 'settle-succeeded' ? 'succeeded' : 'failed');
        return reply.redirect(`${base}/checkout/${id}`, 303);
      default:
        throw new SimStripeError(404, 'invalid_request_error', `Unknown outcome: ${outcome}`);
    }
  });
};
