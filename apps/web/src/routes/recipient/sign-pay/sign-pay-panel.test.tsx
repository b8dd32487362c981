import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, setViewport } from '../../../../test/axe.ts';
import { externalNavigation } from '../../../lib/leave-app.ts';
import { bodiesTo, checkoutUrl, emailKey, openSignPay, requestView, verifiedKey } from './sign-pay.test-helpers.tsx';
import { waitingPollMs } from './sign-pay-panel.tsx';

const slow = { timeout: 20_000 };
const returnTo = (returned: 'success' | 'cancel') => `#/?link=ABC123&signPayPayment=gpp_1&signPayReturn=${returned}`;
const payButton = () => screen.getByRole('button', { name: 'Pay 1 250.00 SEK' });
const terms = () =>
  screen.getByRole('checkbox', {
    name: 'I accept the payment terms: I pay 1 250.00 SEK to Acme Law AB for Consultation.',
  });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setViewport(1024);
  window.history.replaceState(null, '', '/');
});

describe('the paying party’s step once everyone signed', () => {
  it('shows what is paid, and pays only once the terms are accepted', slow, async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const server = await openSignPay();
    await screen.findByRole('heading', { name: 'Pay for Consultation' });
    const summary = screen.getByRole('table');
    for (const text of ['Consultation, one hour', 'Advice on the lease', '1 000.00 SEK', '250.00 SEK', 'Acme Law AB']) {
      expect(within(summary).getByText(text)).toBeTruthy();
    }
    expect(within(summary).getByRole('rowheader', { name: 'VAT (25 %)' })).toBeTruthy();
    expect(within(summary).getByText('1 250.00 SEK')).toBeTruthy();
    expect(payButton()).toHaveProperty('disabled', true);
    await expectNoAxeViolations();
    setViewport(375);
    await expectNoAxeViolations();

    fireEvent.click(terms());
    expect(payButton()).toHaveProperty('disabled', false);
    fireEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(bodiesTo(server.requests, '/sign/pay')).toEqual([
      {
        RequestToken: 'request-token',
        SignatureIndex: 1,
        AcceptTerms: true,
        ReturnUrl: `${window.location.origin}/#/?link=ABC123`,
      },
    ]);
  });

  it('has the payer verify an e-mail address first when the document asks for it', slow, async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const server = await openSignPay({ payment: requestView({ RequireEmailVerification: true }) });
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the payment terms/ }));
    fireEvent.click(payButton());
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify your e-mail address' }));
    expect(dialog.getByLabelText('E-mail address')).toHaveProperty('value', 'anna@example.com');
    expect(bodiesTo(server.requests, '/sign/pay')).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await dialog.findByLabelText('Code from the e-mail'), { target: { value: 'ABC234' } });
    await expectNoAxeViolations();
    fireEvent.click(dialog.getByRole('button', { name: 'Verify and pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(bodiesTo(server.requests, '/validation/email')).toEqual([
      { value: 'anna@example.com', requestToken: 'request-token' },
    ]);
    expect(bodiesTo(server.requests, '/validation/validate')).toEqual([{ Code: 'ABC234', ClientAccessKey: emailKey }]);
    expect(bodiesTo(server.requests, '/sign/pay')).toMatchObject([
      { AcceptTerms: true, EmailClientAccessKey: verifiedKey },
    ]);
  });

  it('says a refusal in the catalogue’s words and stays on the page', slow, async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    await openSignPay({ startError: { status: 409, code: 'PAYMENT_ALREADY_MADE' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the payment terms/ }));
    fireEvent.click(payButton());
    expect(await screen.findByText('This payment has already been made.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('tells the others whom it waits for, until the payment arrives', slow, async () => {
    // Only the waiting page's interval is faked: the calls still go over the wire.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const options = { isPayer: false, payment: requestView({ CanPay: false }) };
    await openSignPay(options);
    expect(await screen.findByRole('heading', { name: 'Waiting for Anna to pay' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    options.payment = requestView({ CanPay: false, Status: 'paid' });
    vi.advanceTimersByTime(waitingPollMs);
    expect(await screen.findByRole('heading', { name: '✓ Signed and paid' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Waiting for Anna to pay' })).toBeNull();
  });
});

describe('a document paid in full', () => {
  it('says “signed and paid” and asks nothing more', slow, async () => {
    const paid = requestView({
      CanPay: false,
      Status: 'paid',
      GetPaidPaymentId: 'gpp_1',
      PaidAt: '2026-11-27T10:15:00Z',
    });
    const server = await openSignPay({ allPaid: true, payment: paid });
    expect(screen.getByRole('heading', { name: '✓ Signed and paid' })).toBeTruthy();
    await waitFor(() =>
      expect(server.requests.some((request) => request.url.includes('/getpaid/payments'))).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: /Pay for|Waiting for/ })).toBeNull();
  });
});

describe('the way back from the checkout', () => {
  it('polls until the payment succeeded and shows the receipt, on a phone', slow, async () => {
    setViewport(375);
    const server = await openSignPay({
      hash: returnTo('success'),
      payment: requestView({ CanPay: false, Status: 'open', GetPaidPaymentId: 'gpp_1' }),
      outcomes: ['open', 'success'],
    });
    expect(await screen.findByText('Checking your payment…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '✓ Payment received' }, { timeout: 8_000 })).toBeTruthy();
    const receipt = await screen.findByRole('table');
    for (const text of ['1 250.00 SEK', '250.00 SEK', 'SEK', 'pi_3Qtest123', 'anna@example.com', 'Acme Law AB']) {
      expect(within(receipt).getByText(text)).toBeTruthy();
    }
    expect(within(receipt).getByRole('rowheader', { name: 'Paid' })).toBeTruthy();
    expect(bodiesTo(server.requests, '/sign/pay/status')).toEqual([
      { RequestToken: 'request-token', GetPaidPaymentId: 'gpp_1', Returned: 'success' },
      { RequestToken: 'request-token', GetPaidPaymentId: 'gpp_1', Returned: 'success' },
    ]);
    expect(screen.getByRole('heading', { name: '✓ Signed and paid' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('keeps the success when only the receipt fails to load', slow, async () => {
    await openSignPay({ hash: returnTo('success'), outcomes: ['success'], isReceiptDown: true });
    expect(await screen.findByRole('heading', { name: '✓ Payment received' })).toBeTruthy();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('offers to try again after a failed payment', slow, async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const server = await openSignPay({ hash: returnTo('success'), outcomes: ['failed'] });
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the payment terms/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    // The new checkout comes back to the page without the old way back's params.
    expect(bodiesTo(server.requests, '/sign/pay')).toMatchObject([
      { ReturnUrl: `${window.location.origin}/#/?link=ABC123` },
    ]);
  });

  it('says a pending debit is e-mailed about later', slow, async () => {
    await openSignPay({ hash: returnTo('success'), outcomes: ['pending'] });
    expect(await screen.findByRole('heading', { name: 'Your payment is being processed' })).toBeTruthy();
    expect(screen.getByText(/We will e-mail you when it is done/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('tells the checkout was cancelled and offers to pay now', slow, async () => {
    const server = await openSignPay({ hash: returnTo('cancel'), outcomes: ['cancelled'] });
    expect(await screen.findByRole('heading', { name: 'You cancelled the payment' })).toBeTruthy();
    expect(bodiesTo(server.requests, '/sign/pay/status')).toEqual([
      { RequestToken: 'request-token', GetPaidPaymentId: 'gpp_1', Returned: 'cancel' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('heading', { name: 'Pay for Consultation' })).toBeTruthy();
    expect(window.location.hash).toBe('#/?link=ABC123');
  });
});
