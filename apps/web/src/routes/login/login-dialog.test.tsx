import type { ServerResponse } from 'node:http';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt, renderWithApp } from '../../../test/render-app.tsx';
import {
  sendJson,
  startTestHttpServer,
  type TestHandler,
  type TestHttpServer,
} from '../../../test/test-http-server.ts';
import { LoginDialog } from './login-dialog.tsx';

let server: TestHttpServer | undefined;

async function openDialog(handler: TestHandler) {
  server = await startTestHttpServer(handler);
  const onLoggedIn = vi.fn();
  const onUseBankId = vi.fn();
  renderWithApp(<LoginDialog open onClose={() => {}} onLoggedIn={onLoggedIn} onUseBankId={onUseBankId} />, {
    apiBaseUrl: server.apiBase,
  });
  const dialog = within(screen.getByRole('dialog', { name: 'Log in with e-mail' }));
  return { dialog, onLoggedIn, onUseBankId, requests: server.requests };
}

function fill(dialog: ReturnType<typeof within>, email: string, password: string) {
  fireEvent.change(dialog.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(dialog.getByLabelText('Password'), { target: { value: password } });
}

const loginButton = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;

describe('login dialog (SPEC sections 2, 4, 5 and 8)', () => {
  it('starts login only when both fields are filled', async () => {
    const { dialog, requests } = await openDialog((_req, res) => sendJson(res, 200, authStateFor()));
    expect(loginButton(dialog).disabled).toBe(true);
    fill(dialog, 'demo@signlink.test', '');
    expect(loginButton(dialog).disabled).toBe(true);
    fill(dialog, '   ', 'secret');
    expect(loginButton(dialog).disabled).toBe(true);
    // Enter in a field does not send either.
    fireEvent.submit(dialog.getByLabelText('Password').closest('form') as HTMLFormElement);
    expect(requests).toHaveLength(0);
    fill(dialog, 'demo@signlink.test', 'secret');
    expect(loginButton(dialog).disabled).toBe(false);
  });

  it('disables the inputs while processing and hands over the session', async () => {
    let answer: ServerResponse | undefined;
    const { dialog, onLoggedIn, requests } = await openDialog((_req, res) => {
      answer = res;
    });
    fill(dialog, ' demo@signlink.test ', 'signlink-demo');
    fireEvent.click(loginButton(dialog));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect((dialog.getByLabelText('E-mail address') as HTMLInputElement).disabled).toBe(true);
    expect((dialog.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
    expect(loginButton(dialog).disabled).toBe(true);
    expect((dialog.getByRole('button', { name: 'Use BankID instead' }) as HTMLButtonElement).disabled).toBe(true);

    const auth = authStateFor({ token: 'from-password' });
    await act(async () => answer && sendJson(answer, 200, auth));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(auth));
    expect(requests[0]?.method).toBe('POST');
    expect(pathOf(requests[0]?.url ?? '')).toBe('/v2/oauth/generatetoken');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ email: 'demo@signlink.test', password: 'signlink-demo' });
    expect(requests[0]?.headers.authorization).toMatch(/^Basic /);
  });

  it('shows the bad-login message on a 401 and goes back to idle', async () => {
    const { dialog, onLoggedIn } = await openDialog((_req, res) =>
      sendJson(res, 401, { code: 'BAD_CREDENTIALS', message: 'no', requestId: 'r' }),
    );
    fill(dialog, 'demo@signlink.test', 'wrong');
    fireEvent.click(loginButton(dialog));
    // The error line is a live region that is always there, so the message is announced when it appears.
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Wrong e-mail address or password.'));
    expect((dialog.getByLabelText('Password') as HTMLInputElement).disabled).toBe(false);
    expect(loginButton(dialog).disabled).toBe(false);
    expect(onLoggedIn).not.toHaveBeenCalled();
    // Only the dialog's own line tells: no error dialog on top.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it.each([
    [500, { code: 'SERVER_ERROR', message: 'boom', requestId: 'r' }],
    [429, { code: 'RATE_LIMITED', message: 'slow down', requestId: 'r' }],
    [400, { code: 'VALIDATION_FAILED', message: 'bad', requestId: 'r' }],
  ])('shows the unexpected-error message on any other failure (%i)', async (status, body) => {
    const { dialog } = await openDialog((_req, res) => sendJson(res, status, body));
    fill(dialog, 'demo@signlink.test', 'secret');
    fireEvent.click(loginButton(dialog));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('An unexpected error occurred.'));
    expect(loginButton(dialog).disabled).toBe(false);
  });

  it('shows and hides the password', async () => {
    const { dialog } = await openDialog(() => {});
    const password = dialog.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(dialog.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(dialog.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('offers BankID instead', async () => {
    const { dialog, onUseBankId } = await openDialog(() => {});
    fireEvent.click(dialog.getByRole('button', { name: 'Use BankID instead' }));
    expect(onUseBankId).toHaveBeenCalledTimes(1);
  });

  it('signs in from the login screen and lands on the dashboard, name in the header (Swedish)', {
    timeout: 15_000,
  }, async () => {
    // A user who saved Swedish: the screen stays Swedish after login.
    const auth = authStateFor({ token: 'screen-token', language: 'sv' });
    server = await startTestHttpServer((_req, res) => sendJson(res, 200, auth));
    window.localStorage.setItem('signlink.language', 'sv');
    const { services } = renderAppAt('#/login', { apiBaseUrl: server.apiBase });
    fireEvent.click(await screen.findByRole('button', { name: 'Logga in med e-post och lösenord' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Logga in med e-post' }));
    fireEvent.change(dialog.getByLabelText('E-postadress'), { target: { value: 'demo@signlink.test' } });
    fireEvent.change(dialog.getByLabelText('Lösenord'), { target: { value: 'signlink-demo' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByRole('heading', { name: 'Välkommen, Demo' })).toBeTruthy();
    expect(window.location.hash).toBe('#/dashboard');
    expect(screen.getByRole('button', { name: 'Kontomeny för Demo Admin' })).toBeTruthy();
    expect(services.authStore.getToken()).toBe('screen-token');
    services.dispose();
  });
});
