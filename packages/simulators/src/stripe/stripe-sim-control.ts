import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { presentSession, type SimCheckoutSession } from './stripe-checkout-session.ts';
import { presentAccount, presentRefund } from './stripe-connect-account.ts';
import { SimStripeError } from './stripe-errors.ts';
import { presentInvoice, type SimInvoice } from './stripe-invoice.ts';
import type { StripeEventType, StripeForgery, StripeSimulatorControls } from './stripe-simulator-controls.ts';

/*
 * JSON test controls, like the other simulators' (`<sim base>/control/...`): list sessions and events, act on a
 * session as the buyer or the bank would, onboard a connected account, list refunds, replay or reorder events, and send forgeries. An action answers once the
 * events it caused have had their first delivery attempt, so a test can look at the receiver right after.
 */

type ControlRequest = FastifyRequest<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>;

const EVENT_TYPES: StripeEventType[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
];
const FORGERIES: StripeForgery[] = ['wrong-secret', 'altered-body', 'stale-timestamp'];

export function presentSimSession(session: SimCheckoutSession) {
  return {
    ...presentSession(session),
    line_items: session.lines,
    awaiting_settlement: session.isAwaitingSettlement,
    decline_message: session.declineMessage,
  };
}

function oneOf<T extends string>(body: Record<string, unknown> | undefined, field: string, allowed: T[]): T {
  const value = body?.[field];
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw new SimStripeError(400, 'invalid_request_error', `${field} must be one of: ${allowed.join(', ')}`);
  }
  return value as T;
}

export const stripeSimControlPlugin: FastifyPluginAsync<{ controls: StripeSimulatorControls }> = async (
  app,
  { controls },
) => {
  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply: FastifyReply) => {
    if (error instanceof SimStripeError) return reply.code(error.status).send(error.toJSON());
    return reply.code(error.statusCode ?? 500).send({ error: { type: 'api_error', message: error.message } });
  });

  const act = async (run: () => SimCheckoutSession) => {
    const session = run();
    await controls.webhooks.sent();
    return presentSimSession(session);
  };

  app.get('/sessions', async () => ({ data: controls.listSessions().map(presentSimSession) }));
  app.get('/sessions/:id', async (req: ControlRequest) => presentSimSession(controls.findSession(req.params.id)));
  app.post('/sessions/:id/pay', (req: ControlRequest) => act(() => controls.pay(req.params.id)));
  app.post('/sessions/:id/decline', (req: ControlRequest) => act(() => controls.decline(req.params.id)));
  app.post('/sessions/:id/pend', (req: ControlRequest) => act(() => controls.pend(req.params.id)));
  app.post('/sessions/:id/cancel', (req: ControlRequest) => act(() => controls.cancel(req.params.id)));
  app.post('/sessions/:id/expire', (req: ControlRequest) => act(() => controls.expire(req.params.id)));
  app.post('/sessions/:id/settle', (req: ControlRequest) =>
    act(() => controls.settle(req.params.id, oneOf(req.body, 'outcome', ['succeeded', 'failed']))),
  );

  const actOnInvoice = async (run: () => SimInvoice) => {
    const invoice = run();
    await controls.webhooks.sent();
    return presentInvoice(invoice);
  };
  app.get('/invoices', async () => ({ data: controls.invoices.listInvoices().map(presentInvoice) }));
  app.get('/invoices/:id', async (req: ControlRequest) => presentInvoice(controls.invoices.findInvoice(req.params.id)));
  app.post('/invoices/:id/pay', (req: ControlRequest) => actOnInvoice(() => controls.invoices.pay(req.params.id)));
  app.post('/invoices/:id/fail', (req: ControlRequest) =>
    actOnInvoice(() => controls.invoices.failPayment(req.params.id)),
  );

  // Connect: a test onboards an account without the page, and sees the refunds Sign & Pay made.
  app.get('/accounts', async () => ({ data: controls.connect.listAccounts().map(presentAccount) }));
  app.get('/accounts/:id', async (req: ControlRequest) => presentAccount(controls.connect.findAccount(req.params.id)));
  app.post('/accounts/:id/onboard', async (req: ControlRequest) => {
    const account = controls.connect.completeOnboarding(req.params.id);
    await controls.webhooks.sent();
    return presentAccount(account);
  });
  app.get('/refunds', async () => ({
    data: controls.connect.listRefunds().map((refund) => ({ ...presentRefund(refund), account: refund.account })),
  }));

  app.get('/events', async () => ({ data: controls.events }));
  app.get('/deliveries', async () => ({ data: controls.deliveries }));
  app.post('/events/hold', async () => {
    controls.holdEvents();
    return { holding: true };
  });
  app.post('/events/release', async (req: ControlRequest) => {
    const order = req.body?.order;
    const isIdList = Array.isArray(order) && order.every((id) => typeof id === 'string');
    if (order !== undefined && order !== 'reverse' && order !== 'oldest-first' && !isIdList) {
      throw new SimStripeError(
        400,
        'invalid_request_error',
        "order must be 'oldest-first', 'reverse' or a list of event ids",
      );
    }
    const released = await controls.releaseEvents((order as 'reverse' | string[] | undefined) ?? 'oldest-first');
    return { data: released.map((event) => ({ id: event.id, type: event.type })) };
  });
  app.post('/events/:id/resend', async (req: ControlRequest) => controls.resend(req.params.id));
  app.post('/events/forge', async (req: ControlRequest) => {
    const { sessionId, invoiceId } = req.body ?? {};
    const target =
      typeof invoiceId === 'string' ? { invoiceId } : typeof sessionId === 'string' ? { sessionId } : undefined;
    if (!target) throw new SimStripeError(400, 'invalid_request_error', 'sessionId or invoiceId is required');
    const delivery = await controls.deliverForged({
      ...target,
      type: oneOf(req.body, 'type', EVENT_TYPES),
      forgery: oneOf(req.body, 'forgery', FORGERIES),
    });
    return { delivery: delivery ?? null };
  });
  app.post('/reset', async () => {
    await controls.reset();
    return { reset: true };
  });
};
