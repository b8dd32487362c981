import type { UserPreferences } from '@signlink/contracts/auth/user-preferences';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';
import type { AppServices } from '../../../lib/create-app-services.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

const passwordUrl = '/v2/linktinker/app/user/password';
type Answer = [number, unknown];
const refusal = (status: number, code: string, details?: unknown): Answer => [
  status,
  { code, message: code, requestId: 'r', details },
];

/** Preferences of Demo Admin; `answers` holds what the password PUTs get next (default 200). */
async function open(preferences: Partial<UserPreferences> = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const answers: Answer[] = [];
  const stored: UserPreferences = {
    Name: 'Demo Admin',
    Email: 'demo@signlink.test',
    PhoneNumber: '+46701234567',
    PersonalNumber: null,
    Language: 'en-us',
    HasPassword: true,
    HasPin: true,
    HasBankId: false,
    ...preferences,
  };
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') return sendJson(response, 200, authStateFor());
    if (path === '/v2/linktinker/app/user/preferences') return sendJson(response, 200, stored);
    if (path === passwordUrl) {
      const [status, body] = answers.shift() ?? [200, { HasPassword: true }];
      return sendJson(response, status, body);
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  ({ services } = renderAppAt('#/settings/preferences', { apiBaseUrl: server.apiBase }));
  await screen.findByRole('form', { name: 'Your details' });
  const puts = () =>
    (server?.requests ?? []).filter((r) => pathOf(r.url) === passwordUrl).map((r) => JSON.parse(r.body));
  return { answers, puts };
}

function fill(form: ReturnType<typeof within>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(form.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

describe('password on /settings/preferences (SPEC section 2: e-mail login)', () => {
  it('changes the password with the current one, checked first here', { timeout: 15_000 }, async () => {
    const { puts } = await open();
    const form = within(screen.getByRole('form', { name: 'Change password' }));
    fill(form, { 'Current password': 'old-secret-1', 'New password': 'short', 'Repeat the new password': 'other' });
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Use at least 10 characters.')).toBeTruthy();
    expect(form.getByText('The passwords are not the same.')).toBeTruthy();
    expect(puts()).toEqual([]);

    fill(form, { 'New password': 'new-secret-22', 'Repeat the new password': 'new-secret-22' });
    // The shared show/hide toggle, one per field.
    fireEvent.click(form.getAllByRole('button', { name: 'Show password' })[1] as HTMLElement);
    expect((form.getByLabelText(/^New password/) as HTMLInputElement).type).toBe('text');
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect((await form.findByRole('status')).textContent).toBe(
      'Your password has been changed. You have been logged out on your other devices.',
    );
    expect(puts()).toEqual([{ CurrentPassword: 'old-secret-1', NewPassword: 'new-secret-22' }]);
    expect((form.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');
  });

  it('says a wrong current password at its field, and stays signed in', { timeout: 15_000 }, async () => {
    const { answers, puts } = await open();
    answers.push(refusal(403, 'WRONG_PASSWORD', { field: 'CurrentPassword' }));
    const form = within(screen.getByRole('form', { name: 'Change password' }));
    fill(form, {
      'Current password': 'not-it-at-all',
      'New password': 'new-secret-22',
      'Repeat the new password': 'new-secret-22',
    });
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('The current password is not right.')).toBeTruthy();
    expect(form.queryByRole('alert')).toBeNull();
    // A 403 is not a logout (only a 401 is): the token stays and no "session ended" dialog opens.
    expect(services?.authStore.getToken()).toBe('token-1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toHaveLength(1);

    answers.push(refusal(429, 'RATE_LIMITED', { reason: 'password-locked' }));
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts. Please wait a moment and try again.');
    expect(alert.textContent).toContain('After 5 wrong passwords, the password is locked for 15 minutes.');
  });

  it('lets a user without a password set one', { timeout: 15_000 }, async () => {
    const { puts } = await open({ HasPassword: false });
    const form = within(screen.getByRole('form', { name: 'Set a password' }));
    expect(form.getByText(/log in with your e-mail address, demo@signlink.test/)).toBeTruthy();
    expect(form.queryByLabelText(/^Current password/)).toBeNull();
    fill(form, { 'New password': 'first-secret-1', 'Repeat the new password': 'first-secret-1' });
    fireEvent.click(form.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/^Your password has been set: you can now log in with your e-mail/)).toBeTruthy();
    expect(puts()).toEqual([{ NewPassword: 'first-secret-1' }]);
    // Now it has one: changing it asks for it, and the ways in say so.
    await waitFor(() => expect(screen.getByRole('form', { name: 'Change password' })).toBeTruthy());
    const waysIn = within(screen.getByRole('list', { name: 'Ways to log in' }));
    expect(waysIn.getByText('E-mail and password').parentElement?.textContent).toContain('In use');
  });

  it('is not offered to a user without an e-mail address, and says why', { timeout: 15_000 }, async () => {
    const { puts } = await open({ Email: null, HasPassword: false });
    expect(await screen.findByText(/Logging in with a password needs an e-mail address/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Set a password' })).toBeNull();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(puts()).toEqual([]);
  });
});
