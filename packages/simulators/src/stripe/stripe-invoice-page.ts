import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { button, escapeHtml, formatStripeAmount, layout, useHtmlPageForms } from './stripe-checkout-page.ts';
import { SimStripeError } from './stripe-errors.ts';
import { invoiceTotal, type SimInvoice } from './stripe-invoice.ts';
import type { StripeSimulatorControls } from './stripe-simulator-controls.ts';

/*
 * Stripe's hosted invoice page (`hosted_invoice_url`), played by a tester: the invoice's lines and total, and a
 * button to pay it or to have the card declined. Plain HTML forms, like the checkout page, under the same base.
 */

type PageRequest = FastifyRequest<{ Params: { id: string; outcome?: string } }>;

const dateOf = (seconds: number | null) =>
  seconds === null ? '' : new Date(seconds * 1000).toISOString().slice(0, 10);

export function renderInvoicePage(invoice: SimInvoice, base: string): string {
  const total = formatStripeAmount(invoiceTotal(invoice), invoice.currency);
  const rows = invoice.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="amount">${formatStripeAmount(line.amount, invoice.currency)}</td></tr>`,
    )
    .join('\n');
  const action = (outcome: string) => `${base}/invoice/${invoice.id}/${outcome}`;
  const state =
    invoice.status === 'open'
      ? `<div role="group" aria-labelledby="outcomes-heading">
<h2 id="outcomes-heading">Outcome</h2>
${button(action('pay'), `Pay ${total}`)}
${button(action('decline'), 'Payment fails (card declined)', true)}
</div>`
      : `<p role="status">This invoice is ${invoice.status}${invoice.status === 'paid' ? ` (paid ${dateOf(invoice.paidAt)})` : ''}.</p>`;
  return layout(
    `Invoice ${invoice.number ?? invoice.id}`,
    `<h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}: <span class="total">${total}</span></h1>
${invoice.customerEmail ? `<p>Billed to ${escapeHtml(invoice.customerEmail)}</p>` : ''}
${invoice.dueDate ? `<p>Due ${dateOf(invoice.dueDate)}</p>` : ''}
<table>
<caption class="hint">What you pay for</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row">Total</th><td class="amount total">${total}</td></tr></tfoot>
</table>
${invoice.failureMessage ? `<p class="alert" role="alert">${escapeHtml(invoice.failureMessage)} Try again.</p>` : ''}
${state}`,
  );
}

export const stripeInvoicePagePlugin: FastifyPluginAsync<{ controls: StripeSimulatorControls }> = async (
  app,
  { controls },
) => {
  const base = app.prefix;
  useHtmlPageForms(app, 'Invoice');

  const page = (reply: FastifyReply, invoice: SimInvoice, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(renderInvoicePage(invoice, base));

  app.get('/invoice/:id', async (req: PageRequest, reply) => page(reply, controls.invoices.findInvoice(req.params.id)));

  app.post('/invoice/:id/:outcome', async (req: PageRequest, reply) => {
    const { id, outcome } = req.params;
    switch (outcome) {
      case 'pay':
        controls.invoices.pay(id);
        return reply.redirect(`${base}/invoice/${id}`, 303);
      case 'decline':
        // 402, as Stripe answers a declined card; the page offers the payment again.
        return page(reply, controls.invoices.failPayment(id), 402);
      default:
        throw new SimStripeError(404, 'invalid_request_error', `Unknown outcome: ${outcome}`);
    }
  });
};
