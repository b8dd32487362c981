import type { ReferralLink } from '@signlink/contracts/accounts/referral-links';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

let server: TestHttpServer | undefined;
const newsletter: ReferralLink = {
  Id: 'NEWS2345LETTER',
  Name: 'Newsletter',
  Url: 'http://localhost:3000/createaccount?referral=NEWS2345LETTER',
  GiftCardValue: 100_00,
  Currency: 'SEK',
  Registrations: 12,
  Disabled: false,
  CreatedAt: '2025-03-01T10:00:00.000Z',
};

/** Signed in as `role` of an account that is (or is not) a partner; the PUT answers as the server would. */
async function open(options: { role?: number; isPartner?: boolean; putStatus?: number } = {}) {
  const { role = 2, isPartner = true, putStatus = 200 } = options;
  let links = [newsletter];
  localStorage.setItem(authStorageKey, 'token-1');
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const auth = authStateFor();
    if (path === '/v2/user') {
      return sendJson(response, 200, { ...auth, user: { ...auth.user, Role: role, IsPartner: isPartner } });
    }
    if (path === '/v2/linktinker/app/account/referrallinks') return sendJson(response, 200, { ReferralLinks: links });
    if (path === `/v2/linktinker/app/account/referrallinks/${newsletter.Id}` && request.method === 'PUT') {
      if (putStatus !== 200) {
        return sendJson(response, putStatus, { code: 'FORBIDDEN', message: 'no', requestId: 'r' });
      }
      links = links.map((link) => ({ ...link, Disabled: JSON.parse(request.body).Disabled }));
      return sendJson(response, 200, links[0]);
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt('#/settings/referral-links', { apiBaseUrl: server.apiBase });
  return server.requests;
}

describe('/settings/referral-links (SPEC section 6: partners see their referral links)', () => {
  it('lists a link with its address, gift value and registrations, and switches it off and on', {
    timeout: 15_000,
  }, async () => {
    const requests = await open();
    const card = within(await screen.findByRole('region', { name: 'Newsletter' }));
    expect((card.getByLabelText('Link to share') as HTMLInputElement).value).toBe(newsletter.Url);
    expect(card.getByText('100.00 SEK')).toBeTruthy();
    expect(card.getByText('12')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Referral links', selected: true })).toBeTruthy();

    fireEvent.click(card.getByRole('switch', { name: 'Active' }));
    expect(
      (await screen.findByText('Newsletter is switched off: no one can create an account through it.')).textContent,
    ).toBeTruthy();
    await waitFor(() => expect(card.getByText('Switched off')).toBeTruthy());
    expect((card.getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(false);
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ Disabled: true });

    fireEvent.click(card.getByRole('switch', { name: 'Active' }));
    expect(await screen.findByText('Newsletter is active again.')).toBeTruthy();
  });

  it('copies the address to the clipboard', { timeout: 15_000 }, async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void copied.push(text) },
      configurable: true,
    });
    await open();
    const card = within(await screen.findByRole('region', { name: 'Newsletter' }));
    fireEvent.click(card.getByRole('button', { name: 'Copy link: Newsletter' }));
    expect(await screen.findByText('The link has been copied.')).toBeTruthy();
    expect(copied).toEqual([newsletter.Url]);
  });

  it('says why when the switch is refused, and keeps the link as the server has it', { timeout: 15_000 }, async () => {
    await open({ putStatus: 403 });
    const card = within(await screen.findByRole('region', { name: 'Newsletter' }));
    fireEvent.click(card.getByRole('switch', { name: 'Active' }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
    await waitFor(() => expect((card.getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true));
  });

  it.each([
    { who: 'an administrator of an account that is not a partner', role: 2, isPartner: false },
    { who: 'a regular user of a partner', role: 5, isPartner: true },
  ])('tells $who how the programme starts, without asking for the list', { timeout: 15_000 }, async (caller) => {
    const requests = await open(caller);
    expect(
      await screen.findByText(
        'Referral links are for the administrators of partner accounts. The referral programme is activated by contacting us.',
      ),
    ).toBeTruthy();
    expect(requests.some((request) => pathOf(request.url).endsWith('/referrallinks'))).toBe(false);
  });
});
