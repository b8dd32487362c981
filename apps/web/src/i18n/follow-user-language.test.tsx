import type { AuthState } from '@signlink/contracts/auth/auth-state';
import type { Locale } from '@signlink/contracts/locales';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../test/auth-fixtures.ts';
import { renderAppAt } from '../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../test/test-http-server.ts';
import { authStorageKey } from '../api/auth-store.ts';
import { languageStorageKey } from './language-store.ts';

const speaking = (language: Locale, token = 'token-1'): AuthState => authStateFor({ token, language });

/** A server that answers GET user and an account switch with the user's saved `language`, and takes POST user/lang. */
async function serveUser(language: Locale) {
  return startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') return sendJson(response, 200, speaking(language, 'kept-token'));
    if (path === '/v2/user/lang') return sendJson(response, 200, JSON.parse(request.body));
    if (path.startsWith('/v2/user/accounts/')) return sendJson(response, 201, speaking(language, 'switched-token'));
    sendJson(response, 404, { code: 'NOT_FOUND', message: 'no' });
  });
}

const slow = { timeout: 15_000 };

describe("a signed-in user's saved language", () => {
  it('is the app’s on load when a session was kept, whatever this browser chose before', slow, async () => {
    window.localStorage.setItem(languageStorageKey, 'en-us');
    window.localStorage.setItem(authStorageKey, 'kept-token');
    const server = await serveUser('sv');
    renderAppAt('#/welcome', { apiBaseUrl: server.apiBase });
    await waitFor(() => expect(document.documentElement.lang).toBe('sv'));
    expect(await screen.findByText('Tjänsten tillhandahålls av Signlink.')).toBeTruthy();
    expect(window.localStorage.getItem(languageStorageKey)).toBe('sv');
  });

  it('is the app’s after login, and a switch while signed in is saved and kept', slow, async () => {
    const server = await serveUser('es');
    const { services } = renderAppAt('#/welcome', { apiBaseUrl: server.apiBase });
    expect(document.documentElement.lang).toBe('en-us');
    act(() => services.session.signIn(speaking('es')));
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));

    fireEvent.change(await screen.findByRole('combobox', { name: 'Idioma' }), { target: { value: 'sv' } });
    await waitFor(() => expect(server.requests.map((request) => pathOf(request.url))).toContain('/v2/user/lang'));
    expect(JSON.parse(server.requests.at(-1)?.body ?? '{}')).toEqual({ lang: 'sv' });
    // Moving to another account (its answer still says "es") keeps what the user just chose.
    await act(() => services.session.switchAccount('acc-personal'));
    expect(services.session.getState().status).toBe('signedIn');
    expect(document.documentElement.lang).toBe('sv');
  });
});
