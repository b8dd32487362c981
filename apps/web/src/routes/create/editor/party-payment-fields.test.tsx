import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { draft, file } from '../../../../test/editor-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import {
  answerSignPay,
  payeeAccountOf,
  productOf,
  type SignPayServerState,
} from '../../../../test/sign-pay-fixtures.ts';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { type DraftParty, editorReducer, initialEditorState } from './editor-state.ts';
import { PartyCard } from './party-card.tsx';
import { currentSendProblems } from './send-problems.ts';
import { toSaveDraftRequest } from './use-autosave.ts';

const payer: DraftParty = {
  SignatureIndex: 0,
  Name: 'Bo',
  Email: 'bo@example.com',
  InvitationMethod: 'email',
  SignatureType: 'e-signature',
  GetPaid: true,
};

/** One party card over the editor's reducer, with the party as autosave would PUT it, and sending's problems. */
function OneParty({ party }: { party: DraftParty }) {
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialEditorState({ ...draft, Parties: [party] }, file),
  );
  const [shown] = state.parties;
  if (!shown) return null;
  const problems = currentSendProblems(state, { problems: [], missingAddOns: [] });
  return (
    <>
      <PartyCard party={shown} isSelected fieldCount={0} problems={[]} dispatch={dispatch} />
      <output data-testid="saved">{JSON.stringify(toSaveDraftRequest(state).Parties[0])}</output>
      <output data-testid="problems">{problems.map((problem) => problem.code).join(' ')}</output>
    </>
  );
}

const saved = () => JSON.parse(screen.getByTestId('saved').textContent ?? '{}') as DraftParty;
const problemCodes = () => screen.getByTestId('problems').textContent ?? '';
const slow = { timeout: 20_000 };

async function renderPayer(state: SignPayServerState, party: DraftParty = payer) {
  const server = await startTestHttpServer((request, response) => {
    if (answerSignPay(state, request, response)) return;
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
  });
  renderWithApp(<OneParty party={party} />, { apiBaseUrl: server.apiBase });
  return server.requests;
}

const connected = payeeAccountOf({
  Status: 'connected',
  ConnectedAccountId: 'acct_1',
  ConnectedAt: '2026-11-20T10:00:00Z',
});
const used = productOf({ Id: 'pp_used', Name: 'One-off deposit', AllowMultipleUse: false, Usable: false });

describe('a Get-paid party (Sign & Pay): the product they pay and the label they see', () => {
  it('picks one of the usable products, saved with its label, and sending needs one', slow, async () => {
    await renderPayer({ account: connected, products: [productOf(), used] });
    expect(problemCodes()).toContain('payment-product-required');
    const picker = await screen.findByRole('combobox', { name: 'Product to pay' });
    await waitFor(() => expect(picker.getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(picker);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // A single-use product already asked for elsewhere is not offered.
    expect(options.map((option) => option.textContent)).toEqual(['Consulting hour – 1 250.00 SEK']);
    fireEvent.click(options[0] as HTMLElement);
    await waitFor(() => expect(saved().PaymentProductId).toBe('pp_consulting'));
    expect(problemCodes()).not.toContain('payment-product-required');

    const label = screen.getByLabelText('Label shown to the payer (optional)') as HTMLInputElement;
    expect(label.placeholder).toBe('Consulting hour');
    fireEvent.change(label, { target: { value: '  Workshop, 3 hours ' } });
    expect(saved().GetPaidLabel).toBe('Workshop, 3 hours');
    expect(screen.queryByText(/not connected yet/)).toBeNull();
  });

  it('makes a new product in the same dialog as settings, and picks it', slow, async () => {
    const requests = await renderPayer({ account: connected, products: [] });
    expect(await screen.findByText('No products yet: make one to ask for payment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New product' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New product' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Membership' } });
    fireEvent.change(dialog.getByLabelText(/^Price/), { target: { value: '99.5' } });
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'VAT rate' }).textContent).toBe('Swedish VAT 25 %'),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(saved().PaymentProductId).toBe('pp_1'));
    expect(JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? '{}').Price).toBe(9950);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Product to pay' }).textContent).toBe('Membership – 99.50 SEK'),
    );
  });

  it('says the Stripe account is not connected, with the way to settings', slow, async () => {
    await renderPayer({ account: payeeAccountOf(), products: [productOf()] });
    const notice = await screen.findByText(/not connected yet/);
    const link = within(notice).getByRole('link', { name: 'Connect it in settings' });
    expect(link.getAttribute('href')).toBe('#/settings/payments');
  });

  it('asks nothing while Get paid is off', slow, async () => {
    const requests = await renderPayer({ account: connected, products: [] }, { ...payer, GetPaid: false });
    expect(screen.queryByRole('combobox', { name: 'Product to pay' })).toBeNull();
    expect(problemCodes()).not.toContain('payment-product-required');
    expect(requests).toEqual([]);
  });
});
