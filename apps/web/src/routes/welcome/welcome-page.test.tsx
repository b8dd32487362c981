import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { rememberReturnTo } from '../../lib/return-to.ts';
import { hasBeenWelcomed, shouldWelcome } from '../../lib/welcome-once.ts';

/** A server whose every login answers as the one that made the user and their company. */
async function startServer(flags = { IsNewUser: true, IsNewCompany: true }) {
  return startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/oauth/generatetoken') return sendJson(response, 200, { ...authStateFor(), ...flags });
    if (path === '/v2/oauth/logout') {
      response.writeHead(204);
      return response.end();
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
}

async function logInWithPassword() {
  fireEvent.click(await screen.findByRole('button', { name: 'Log in with e-mail and password' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Log in with e-mail' }));
  fireEvent.change(dialog.getByLabelText('E-mail address'), { target: { value: 'demo@signlink.test' } });
  fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'signlink-demo' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Log in' }));
}

describe('the welcome (SPEC section 2, /welcome)', () => {
  it('greets a new user once: the steps, the company’s welcome balance, and on to the dashboard', {
    timeout: 20_000,
  }, async () => {
    const { apiBase } = await startServer();
    const { services } = renderAppAt('#/login', { apiBaseUrl: apiBase });
    await logInWithPassword();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Signlink, Demo!' })).toBeTruthy();
    expect(window.location.hash).toBe('#/welcome');
    expect(screen.getByRole('note').textContent).toBe(
      'Demo AB has a welcome balance of 125.00 SEK to get you started.',
    );
    const steps = screen.getAllByRole('listitem').map((item) => item.querySelector('h3')?.textContent);
    expect(steps).toEqual(['Upload a PDF', 'Place the fields', 'Send']);
    expect(screen.getByRole('link', { name: 'Upload a PDF' }).getAttribute('href')).toBe('#/create');
    expect(screen.getByRole('link', { name: 'Try Sign and send' }).getAttribute('href')).toBe('#/sign-and-send');
    await expectNoAxeViolations();
    expect(hasBeenWelcomed(localStorage, 'user-1')).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Continue to the dashboard' }));
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));

    // The next login's answer still says new (a second sign-up answer would): this browser has welcomed them.
    await act(() => services.session.logout());
    window.location.hash = '#/login';
    await logInWithPassword();
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
  });

  it('lets a screen that asked to come back go first', { timeout: 20_000 }, async () => {
    const { apiBase } = await startServer();
    rememberReturnTo('/settings/preferences');
    renderAppAt('#/login', { apiBaseUrl: apiBase });
    await logInWithPassword();
    await waitFor(() => expect(window.location.hash).toBe('#/settings/preferences'));
  });

  it('shows no welcome balance for a new user without a new company', { timeout: 20_000 }, async () => {
    const { apiBase } = await startServer({ IsNewUser: true, IsNewCompany: false });
    renderAppAt('#/login', { apiBaseUrl: apiBase });
    await logInWithPassword();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Signlink, Demo!' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('shouldWelcome', () => {
  const storage = () => {
    const kept = new Map<string, string>();
    return {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    };
  };

  it('welcomes only a new user or company, and each user once', () => {
    const kept = storage();
    expect(shouldWelcome(authStateFor(), kept)).toBe(false);
    expect(shouldWelcome({ ...authStateFor(), IsNewUser: true }, kept)).toBe(true);
    expect(shouldWelcome({ ...authStateFor(), IsNewCompany: true }, kept)).toBe(true);
    kept.setItem('signlink.welcomed.user-1', 'x');
    expect(shouldWelcome({ ...authStateFor(), IsNewUser: true }, kept)).toBe(false);
  });

  it('skips the welcome when storage refuses, rather than show it at every login', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(shouldWelcome({ ...authStateFor(), IsNewUser: true }, refusing)).toBe(false);
  });
});
