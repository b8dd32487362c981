import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, giftCard, startBillingServer } from '../../../../test/billing-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { authStorageKey } from '../../../api/auth-store.ts';

const activatePath = `/v2/linktinker/app/vouchers/${giftCard.Code}/activate`;
const publicPath = `/v2/linktinker/vouchers/${giftCard.Code}`;

async function openLanding(
  hash: string,
  { signedIn = false, ...options }: BillingServerOptions & { signedIn?: boolean } = {},
) {
  if (signedIn) localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer(options);
  const { services } = renderAppAt(hash, { apiBaseUrl: server.apiBase });
  return { requests: server.requests, services };
}

describe('/giftcard/{lang}/{code} (SPEC section 2, the gift-card landing)', () => {
  it('shows the card in the path language, and redeems it after login with the code kept', {
    timeout: 20_000,
  }, async () => {
    const auth = authStateFor({ language: 'sv' });
    const { requests, services } = await openLanding(`#/giftcard/sv/${giftCard.Code}`, { auth });
    expect(await screen.findByRole('heading', { name: 'Ditt presentkort' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Skapa konto' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('Värde').nextElementSibling?.textContent).toBe('500,00 SEK (625,00 kr inkl. moms)'),
    );
    // Before anyone signs in: the public call, with the web client's credentials.
    expect(callsTo(requests, 'GET', publicPath)[0]?.headers.authorization).toMatch(/^Basic /);
    expect(
      screen.getByText('Logga in eller skapa ett konto för att lösa in presentkortet. Du kommer tillbaka hit efteråt.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Logga in' }));
    // The login screen itself, not only its address: the landing stays drawn while the route loads.
    expect(await screen.findByRole('heading', { name: 'Logga in på Signlink' })).toBeTruthy();
    act(() => services.session.signIn(auth));
    await waitFor(() => expect(window.location.hash).toBe(`#/giftcard/sv/${giftCard.Code}`));
    fireEvent.click(await screen.findByRole('button', { name: 'Aktivera' }));
    expect(
      await screen.findByText('500,00 SEK har lagts till saldot för Demo AB. Saldot är nu 625,00 SEK.'),
    ).toBeTruthy();
    const activations = callsTo(requests, 'POST', activatePath);
    expect(activations.map((request) => request.headers.authorization)).toEqual(['Bearer token-1']);
    // Arrived: a later login starts from the dashboard again.
    expect(sessionStorage.getItem('signlink.returnTo')).toBeNull();
  });

  it('redeems into the current account of someone signed in', { timeout: 15_000 }, async () => {
    const { requests } = await openLanding(`#/giftcard/en-us/${giftCard.Code}`, { signedIn: true });
    expect(await screen.findByText('The gift card can be added to the balance of Demo AB.')).toBeTruthy();
    // Login and sign-up are for those signed out.
    expect(screen.queryByRole('tab', { name: 'Log in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('link', { name: 'See the balance' })).toBeTruthy();
    expect(callsTo(requests, 'POST', activatePath)).toHaveLength(1);
    expect(callsTo(requests, 'GET', publicPath)).toHaveLength(0);
  });

  it("says the account's refusal when signed in, offering no activation", { timeout: 15_000 }, async () => {
    const card = { ...giftCard, CanActivate: false, RefusalCode: 'GIFT_CARD_WRONG_CURRENCY' as const };
    const { requests } = await openLanding(`#/giftcard/en-us/${giftCard.Code}`, { signedIn: true, card });
    expect(await screen.findByText('The gift card is in another currency than your account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(callsTo(requests, 'POST', activatePath)).toHaveLength(0);
  });

  it.each([
    { state: 'expired' as const, words: 'La tarjeta regalo ha caducado.' },
    { state: 'used' as const, words: 'La tarjeta regalo ya se ha utilizado.' },
  ])('says a $state card is so before sign-in, in Spanish', { timeout: 15_000 }, async ({ state, words }) => {
    await openLanding(`#/giftcard/es/${giftCard.Code}`, { card: { ...giftCard, State: state } });
    expect(await screen.findByRole('heading', { name: 'Su tarjeta regalo' })).toBeTruthy();
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.getByText('Valor').nextElementSibling?.textContent).toBe('500.00 SEK');
  });

  it('says an unknown code is invalid', { timeout: 15_000 }, async () => {
    await openLanding('#/giftcard/en-us/NOSUCHCARD1');
    expect(await screen.findByText('The gift card code is invalid.')).toBeTruthy();
  });

  it('takes a code without a language', { timeout: 15_000 }, async () => {
    await openLanding(`#/giftcard/${giftCard.Code}`);
    expect((await screen.findByText('Value')).nextElementSibling?.textContent).toBe('500.00 SEK');
  });

  it('asks for the code when the path has none', { timeout: 15_000 }, async () => {
    const { requests } = await openLanding('#/giftcard');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Gift card code' }), {
      target: { value: 'gift 2026 spring' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show gift card' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/giftcard/en-us/${giftCard.Code}`));
    expect(await screen.findByText('Value')).toBeTruthy();
    expect(requests.map((request) => pathOf(request.url))).toContain(publicPath);
  });
});
