import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { button, escapeHtml, layout, useHtmlPageForms } from './stripe-checkout-page.ts';
import type { SimAccount, SimAccountLink } from './stripe-connect-account.ts';
import type { StripeSimulatorControls } from './stripe-simulator-controls.ts';

/*
 * Stripe Connect's hosted onboarding page (an Account Link's `url`), played by the account's owner: the account,
 * "Submit and connect" (details submitted, charges enabled, `account.updated` sent, back to return_url) or "Leave
 * for now" (back to return_url, nothing changed). Stripe's links are one-time: a used or expired one sends the
 * owner to refresh_url to ask for a new one. The link is spent when submitted rather than when opened, so the page
 * can be reloaded. Plain HTML forms, like the checkout page, under the same base.
 */

type PageRequest = FastifyRequest<{ Params: { id: string } }>;

export function renderOnboardingPage(link: SimAccountLink, account: SimAccount, base: string): string {
  return layout(
    'Connect your Stripe account',
    `<h1>Connect your Stripe account</h1>
<p>Signlink asks to send payments for your documents straight to this Stripe account. Signlink never holds the money.</p>
<h2 id="account-heading">Account</h2>
<dl aria-labelledby="account-heading">
<dt>Account</dt><dd>${escapeHtml(account.id)}</dd>
<dt>E-mail</dt><dd>${escapeHtml(account.email ?? 'Not given')}</dd>
<dt>Country</dt><dd>${escapeHtml(account.country)}</dd>
</dl>
<p class="hint" id="submit-hint">In test mode no details are asked for: submitting enables payments at once.</p>
<div role="group" aria-labelledby="finish-heading" aria-describedby="submit-hint">
<h2 id="finish-heading">Finish</h2>
${button(`${base}/connect/onboarding/${link.id}/submit`, 'Submit and connect')}
<a class="button" href="${escapeHtml(link.returnUrl)}">Leave for now</a>
</div>`,
  );
}

export const stripeOnboardingPagePlugin: FastifyPluginAsync<{ controls: StripeSimulatorControls }> = async (
  app,
  { controls },
) => {
  const base = app.prefix;
  useHtmlPageForms(app, 'Connect your Stripe account');
  const book = controls.connect;

  app.get('/connect/onboarding/:id', async (req: PageRequest, reply) => {
    const { link, isUsable } = book.findAccountLink(req.params.id);
    if (!isUsable) return reply.redirect(link.refreshUrl, 303);
    const page = renderOnboardingPage(link, book.findAccount(link.account), base);
    return reply.type('text/html; charset=utf-8').send(page);
  });

  app.post('/connect/onboarding/:id/submit', async (req: PageRequest, reply) => {
    const submitted = book.submitOnboarding(req.params.id);
    if (submitted) return reply.redirect(submitted.returnUrl, 303);
    return reply.redirect(book.findAccountLink(req.params.id).link.refreshUrl, 303);
  });
};
