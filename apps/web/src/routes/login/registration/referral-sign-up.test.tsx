import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { languageStorageKey } from '../../../i18n/language-store.ts';

let server: TestHttpServer | undefined;
const active = 'ACTIVE2345CODE';
const disabled = 'DISABLED2345CODE';

/** The referral lookup and the first sign-up step; the request bodies are kept. */
async function openSignUp(hash: string, heading = 'Create your Signlink account') {
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === `/v2/linktinker/account/referrallink/${active}`) {
      return sendJson(response, 200, {
        Code: active,
        PartnerName: 'Lindqvist AB',
        GiftCardValue: 150_000,
        Currency: 'SEK',
      });
    }
    if (path === `/v2/linktinker/account/referrallink/${disabled}`) {
      return sendJson(response, 410, { code: 'REFERRAL_LINK_DISABLED', message: 'disabled', requestId: 'r' });
    }
    if (path.startsWith('/v2/linktinker/account/referrallink/')) {
      return sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
    }
    if (path === '/v2/linktinker/app/register/sms') {
      return sendJson(response, 200, {
        RegistrationId: 'reg_0123456789abcdef',
        PhoneNumberToken: 'phoneToken_0123456789',
        PhoneNumberMasked: '+46 70•••• 67',
      });
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: heading });
  return server.requests;
}

async function sendPhone(requests: { url: string; body: string }[], button = 'Send code', label = 'Mobile number') {
  const form = within(await screen.findByRole('form', { name: /mobile|mobilnummer/i }));
  fireEvent.change(form.getByLabelText(label), { target: { value: '070 123 45 67' } });
  fireEvent.click(form.getByRole('button', { name: button }));
  await screen.findByRole('form', { name: /confirm|bekräfta/i });
  const sms = requests.find((request) => pathOf(request.url) === '/v2/linktinker/app/register/sms');
  return JSON.parse(sms?.body ?? '{}');
}

describe('create account through a referral link (SPEC sections 3 and 6)', () => {
  it('shows who invited them and the gift, and sends the link with the sign-up', { timeout: 15_000 }, async () => {
    const requests = await openSignUp(`#/createaccount?referral=${active.toLowerCase()}`);
    expect(
      (await screen.findByText('Invited by Lindqvist AB: you get 1 500.00 SEK to start with.')).textContent,
    ).toBeTruthy();
    expect(await sendPhone(requests)).toMatchObject({ referralLinkId: active });
  });

  it('formats the gift the Swedish way in Swedish', { timeout: 15_000 }, async () => {
    window.localStorage.setItem(languageStorageKey, 'sv');
    await openSignUp(`#/createaccount?referral=${active}`, 'Skapa ditt konto hos Signlink');
    expect(await screen.findByText('Inbjuden av Lindqvist AB: du får 1 500,00 SEK att börja med.')).toBeTruthy();
  });

  it('says a disabled link no longer counts, and signs up without it', { timeout: 15_000 }, async () => {
    const requests = await openSignUp(`#/createaccount?referral=${disabled}`);
    expect(
      await screen.findByText('This referral link is no longer active. You can still create an account without it.'),
    ).toBeTruthy();
    expect(await sendPhone(requests)).not.toHaveProperty('referralLinkId');
  });

  it.each(['UNKNOWN2345CODE', 'no!'])(
    'says the link %s is not found, and signs up without it',
    { timeout: 15_000 },
    async (code) => {
      const requests = await openSignUp(`#/createaccount?referral=${encodeURIComponent(code)}`);
      expect(
        await screen.findByText(
          'What you are looking for could not be found. You can still create an account without it.',
        ),
      ).toBeTruthy();
      // A code that cannot be one is not even asked about.
      expect(requests.some((request) => pathOf(request.url).includes('referrallink'))).toBe(code !== 'no!');
      expect(await sendPhone(requests)).not.toHaveProperty('referralLinkId');
    },
  );
});
