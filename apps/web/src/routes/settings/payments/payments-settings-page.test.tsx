import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { expectNoAxeViolations, setViewport } from '../../../../test/axe.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import {
  answerSignPay,
  onboardingUrl,
  payeeAccountOf,
  productOf,
  type SignPayServerState,
} from '../../../../test/sign-pay-fixtures.ts';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';
import { externalNavigation } from '../../../lib/leave-app.ts';

const slow = { timeout: 20_000 };

/** /settings/payments signed in, over a real HTTP server answering the Sign & Pay contracts from `state`. */
async function open(state: SignPayServerState) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startTestHttpServer((request, response) => {
    if (pathOf(request.url) === '/v2/user') return sendJson(response, 200, authStateFor());
    if (answerSignPay(state, request, response)) return;
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
  });
  renderAppAt('#/settings/payments', { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'Stripe account' });
  return server.requests;
}

/** The tax codes come from the server, its default chosen; the dialog creates nothing before. */
const waitForTaxCodes = (dialog: ReturnType<typeof within>) =>
  waitFor(() => expect(dialog.getByRole('combobox', { name: 'VAT rate' }).textContent).toBe('Swedish VAT 25 %'));

const accountSection = () => within(screen.getByRole('region', { name: 'Stripe account' }));

const phoneMatchMedia = (query: string) => ({
  matches: true,
  media: query,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
});

afterEach(() => {
  setViewport(1024);
  vi.unstubAllGlobals();
});

describe('/settings/payments: the Stripe account Sign & Pay pays into', () => {
  it('sends an administrator to Stripe onboarding at the answered address, to come back here', slow, async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const requests = await open({ account: payeeAccountOf(), products: [] });
    expect(await accountSection().findByText('Not connected')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Payments', selected: true })).toBeTruthy();
    fireEvent.click(accountSection().getByRole('button', { name: 'Connect Stripe account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(onboardingUrl));
    const post = requests.find((request) => pathOf(request.url).endsWith('/getpaid/account/onboarding'));
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ ReturnPath: '#/settings/payments' });
  });

  it('shows others whether it is connected and who can connect it, without the button', slow, async () => {
    await open({ account: payeeAccountOf({ CanManage: false }), products: [] });
    expect(
      await accountSection().findByText('An administrator of the account can connect the Stripe account.'),
    ).toBeTruthy();
    expect(accountSection().queryByRole('button')).toBeNull();
  });

  it('names the connected account by its acct_ id', slow, async () => {
    const account = payeeAccountOf({
      Status: 'connected',
      ConnectedAccountId: 'acct_1Sim2Connected',
      ConnectedAt: '2026-11-21T09:30:00.000Z',
    });
    await open({ account, products: [] });
    expect(await accountSection().findByText('acct_1Sim2Connected')).toBeTruthy();
    expect(accountSection().getByText('Connected')).toBeTruthy();
    expect(accountSection().queryByRole('button', { name: 'Connect Stripe account' })).toBeNull();
  });
});

describe("/settings/payments: the account's products (SPEC section 3, payment link / product)", () => {
  it('lists each product with its price, VAT, total, use and how often it is used', slow, async () => {
    const single = productOf({
      Id: 'pp_2',
      Name: 'Deposit',
      TaxBehavior: 'exclusive',
      Price: 100_000,
      Net: 100_000,
      Vat: 25_000,
      Total: 125_000,
      AllowMultipleUse: false,
      UsedCount: 1,
      Usable: false,
    });
    await open({ account: payeeAccountOf(), products: [single] });
    const row = within((await screen.findByRole('cell', { name: 'Deposit' })).closest('tr') as HTMLElement);
    expect(row.getByText('1 000.00 SEK')).toBeTruthy();
    expect(row.getByText('25 %')).toBeTruthy();
    expect(row.getByText('Added to the price')).toBeTruthy();
    expect(row.getByText('1 250.00 SEK')).toBeTruthy();
    expect(row.getByText('One document')).toBeTruthy();
    expect(row.getByText('1')).toBeTruthy();
  });

  it('makes a product from a typed price, sent as whole minor units, and lists it', slow, async () => {
    const requests = await open({ account: payeeAccountOf(), products: [productOf()] });
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New product' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Membership' } });
    // The tax codes come from the server, its default chosen.
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'VAT rate' }).textContent).toBe('Swedish VAT 25 %'),
    );
    fireEvent.change(dialog.getByLabelText(/^Price/), { target: { value: '1 250.50' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'VAT' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Added to the price' }));
    // 25 % of 1250.50 is 312.625, rounded half up to 312.63 as the server rounds it.
    expect(dialog.getByText('VAT 25 %: 312.63 SEK')).toBeTruthy();
    expect(dialog.getByText('The payer pays 1 563.13 SEK')).toBeTruthy();
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Can be used on many documents' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Membership has been created.')).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      Name: 'Membership',
      Description: '',
      TaxCode: 'se-vat-25',
      Price: 125_050,
      TaxBehavior: 'exclusive',
      AllowMultipleUse: false,
      RememberTaxCode: false,
    });
    const row = within((await screen.findByRole('cell', { name: 'Membership' })).closest('tr') as HTMLElement);
    expect(row.getByText('1 563.13 SEK')).toBeTruthy();
  });

  it('keeps the dialog open and says what is wrong with the name and price', slow, async () => {
    const requests = await open({ account: payeeAccountOf(), products: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New product' }));
    await waitForTaxCodes(dialog);
    fireEvent.change(dialog.getByLabelText(/^Price/), { target: { value: '12,50' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create product' }));
    expect(dialog.getByText('Give the product a name.')).toBeTruthy();
    expect(dialog.getByText(/Enter a price such as 1250.00/)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows a refusal from the error catalogue in the dialog', slow, async () => {
    localStorage.setItem(authStorageKey, 'token-1');
    const state = { account: payeeAccountOf(), products: [] };
    const server = await startTestHttpServer((request, response) => {
      if (pathOf(request.url) === '/v2/user') return sendJson(response, 200, authStateFor());
      if (request.method === 'POST')
        return sendJson(response, 403, { code: 'FORBIDDEN', message: 'no', requestId: 'r' });
      if (answerSignPay(state, request, response)) return;
      sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
    });
    renderAppAt('#/settings/payments', { apiBaseUrl: server.apiBase });
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New product' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Membership' } });
    fireEvent.change(dialog.getByLabelText(/^Price/), { target: { value: '100' } });
    await waitForTaxCodes(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Create product' }));
    expect(await dialog.findByText('You do not have permission to do this.')).toBeTruthy();
  });

  it.each([
    ['desktop', 1024],
    ['phone', 390],
  ])('passes axe on a %s, with the product dialog open too', slow, async (_name, width) => {
    setViewport(width);
    // jsdom has no layout: on a phone every media query is said to match, as MUI's down('sm') then does.
    if (width < 600) vi.stubGlobal('matchMedia', phoneMatchMedia);
    await open({ account: payeeAccountOf(), products: [productOf()] });
    await screen.findByText('Consulting hour');
    if (width < 600) expect(await screen.findByRole('list', { name: 'Products' })).toBeTruthy();
    else expect(screen.getByRole('table', { name: 'Products' })).toBeTruthy();
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: 'New product' }));
    await waitForTaxCodes(within(await screen.findByRole('dialog', { name: 'New product' })));
    await expectNoAxeViolations();
  });
});
