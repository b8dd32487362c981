import type { GiftCard } from '@signlink/contracts/billing/vouchers';
import type { ErrorCode } from '@signlink/contracts/errors/error-codes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, giftCard, startBillingServer } from '../../../test/billing-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { authStorageKey } from '../../api/auth-store.ts';

const activatePath = `/v2/linktinker/app/vouchers/${giftCard.Code}/activate`;

/** Signed in as Demo Admin of Demo AB with a low balance, the dialog opened from the account menu. */
async function openDialog(options: BillingServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const auth = authStateFor();
  const server = await startBillingServer({
    auth: { ...auth, balances: { ...auth.balances, TotalBalance: 10_00 } },
    ...options,
  });
  renderAppAt('#/welcome', { apiBaseUrl: server.apiBase });
  fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Demo Admin' }));
  fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Redeem gift card' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Redeem gift card' }));
  return { dialog, requests: server.requests };
}

function check(dialog: ReturnType<typeof within>, code: string) {
  fireEvent.change(dialog.getByRole('textbox', { name: 'Gift card code' }), { target: { value: code } });
  fireEvent.click(dialog.getByRole('button', { name: 'Check code' }));
}

describe('Redeem gift card (SPEC sections 2, 5 and 8)', () => {
  it('shows the card before crediting it, then refreshes the balances', { timeout: 15_000 }, async () => {
    const { dialog, requests } = await openDialog();
    // The header, behind the modal dialog.
    expect(
      await screen.findByRole('link', { name: 'Low balance: 10.00 SEK. Open billing', hidden: true }),
    ).toBeTruthy();
    // Printed codes have dashes and lower case; the card is the same.
    check(dialog, 'gift-2026-spring');
    expect(await dialog.findByText('The gift card can be added to the balance of Demo AB.')).toBeTruthy();
    expect(dialog.getByText('Value').nextElementSibling?.textContent).toBe('500.00 SEK');
    expect(dialog.getByText('Valid until').nextElementSibling?.textContent).toMatch(/2027/);
    expect(callsTo(requests, 'POST', activatePath)).toHaveLength(0);

    fireEvent.click(dialog.getByRole('button', { name: 'Activate' }));
    expect(
      await dialog.findByText('500.00 SEK has been added to the balance of Demo AB. The balance is now 510.00 SEK.'),
    ).toBeTruthy();
    expect(callsTo(requests, 'POST', activatePath)).toHaveLength(1);
    // The header reads the auth state, which GET user reloads: 510 SEK is no longer low.
    await waitFor(() => expect(screen.queryByRole('link', { name: /Open billing/, hidden: true })).toBeNull());
    expect(callsTo(requests, 'GET', '/v2/user').length).toBeGreaterThan(1);
    // The dialog's own Close, beside the frame's close icon.
    const closeButtons = dialog.getAllByRole('button', { name: 'Close' });
    fireEvent.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends one activation for two clicks at once', { timeout: 15_000 }, async () => {
    const { dialog, requests } = await openDialog({ activateDelayMs: 150 });
    check(dialog, giftCard.Code);
    const activate = await dialog.findByRole('button', { name: 'Activate' });
    // Both clicks before React renders the busy button.
    act(() => {
      activate.click();
      activate.click();
    });
    await dialog.findByText(/has been added to the balance of Demo AB/);
    expect(callsTo(requests, 'POST', activatePath)).toHaveLength(1);
  });

  it.each<{ refusal: NonNullable<GiftCard['RefusalCode']>; words: string | RegExp }>([
    { refusal: 'GIFT_CARD_USED', words: 'The gift card has already been used.' },
    { refusal: 'GIFT_CARD_EXPIRED', words: 'The gift card has expired.' },
    { refusal: 'GIFT_CARD_WRONG_CURRENCY', words: 'The gift card is in another currency than your account.' },
    { refusal: 'GIFT_CARD_NOT_ACTIVATED', words: 'The gift card could not be activated.' },
    { refusal: 'GIFT_CARD_NOT_CUMULATIVE', words: /cannot be combined: this account still has gift-card credit/ },
  ])('says $refusal before any activation, offering none', { timeout: 15_000 }, async ({ refusal, words }) => {
    const { dialog, requests } = await openDialog({ card: { ...giftCard, CanActivate: false, RefusalCode: refusal } });
    check(dialog, giftCard.Code);
    expect(await dialog.findByText(words)).toBeTruthy();
    expect(dialog.getByText('Value').nextElementSibling?.textContent).toBe('500.00 SEK');
    expect(dialog.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(callsTo(requests, 'POST', activatePath)).toHaveLength(0);
  });

  it.each<{ error: ErrorCode; words: string }>([
    { error: 'GIFT_CARD_USED', words: 'The gift card has already been used.' },
    { error: 'GIFT_CARD_EXPIRED', words: 'The gift card has expired.' },
  ])('says $error when only activation finds it, and offers no second try', { timeout: 15_000 }, async (caseOf) => {
    const { dialog, requests } = await openDialog({ activateError: caseOf.error });
    check(dialog, giftCard.Code);
    fireEvent.click(await dialog.findByRole('button', { name: 'Activate' }));
    expect(await dialog.findByText(caseOf.words)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(callsTo(requests, 'POST', activatePath)).toHaveLength(1);
  });

  it('says an unknown code is invalid, and a code that cannot be one without asking', { timeout: 15_000 }, async () => {
    const { dialog, requests } = await openDialog();
    check(dialog, 'NOSUCHCARD1');
    expect(await dialog.findByText('The gift card code is invalid.')).toBeTruthy();
    const lookups = () => requests.filter((request) => request.url.includes('/vouchers/')).length;
    expect(lookups()).toBe(1);
    check(dialog, 'ab!');
    expect(await dialog.findByText('The gift card code is invalid.')).toBeTruthy();
    expect(lookups()).toBe(1);
  });

  it('asks for a code rather than checking an empty one (SPEC section 5)', { timeout: 15_000 }, async () => {
    const { dialog, requests } = await openDialog();
    check(dialog, '   ');
    expect(await dialog.findByText("Enter the gift card's code.")).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/vouchers/'))).toBe(false);
  });
});
