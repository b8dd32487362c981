import type { UserPreferences } from '@signlink/contracts/auth/user-preferences';
import { limits } from '@signlink/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

let server: TestHttpServer | undefined;

const preferencesUrl = '/v2/linktinker/app/user/preferences';

/** A server keeping the user's preferences; `failPut` answers every change with that error instead. */
async function open({
  hash = '#/settings/preferences',
  role = 2,
  failPut,
}: {
  hash?: string;
  role?: number;
  failPut?: [number, string];
} = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const stored: UserPreferences = {
    Name: 'Demo Admin',
    Email: 'demo@signlink.test',
    PhoneNumber: '+46701234567',
    PersonalNumber: null,
    Language: 'en-us',
    HasPassword: true,
    HasPin: true,
    HasBankId: false,
  };
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') {
      const auth = authStateFor();
      return sendJson(response, 200, { ...auth, user: { ...auth.user, Name: stored.Name, Role: role } });
    }
    if (path === preferencesUrl && request.method === 'PUT') {
      if (failPut) return sendJson(response, failPut[0], { code: failPut[1], message: 'no', requestId: 'req-7' });
      Object.assign(stored, JSON.parse(request.body));
    }
    if (path === preferencesUrl) return sendJson(response, 200, stored);
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  const puts = () => (server?.requests ?? []).filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body));
  return { puts };
}

/** The page with the user's details loaded. */
async function openPage(options: Parameters<typeof open>[0] = {}) {
  const { puts } = await open(options);
  const details = within(await screen.findByRole('form', { name: 'Your details' }));
  return { details, puts };
}

describe('/settings/preferences (SPEC section 2, settings: personal preferences)', () => {
  it('shows the details and ways in, and saves the name, trimmed, in the header too', {
    timeout: 15_000,
  }, async () => {
    const { details, puts } = await openPage();
    await waitFor(() => expect((details.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Demo Admin'));
    expect(screen.getByText('demo@signlink.test')).toBeTruthy();
    expect(screen.getByText('+46701234567')).toBeTruthy();
    expect(screen.getByText('Not added')).toBeTruthy();
    const waysIn = within(screen.getByRole('list', { name: 'Ways to log in' }));
    expect(waysIn.getByText('E-mail and password').parentElement?.textContent).toContain('In use');
    expect(waysIn.getByText('BankID').parentElement?.textContent).toContain('Not in use');

    fireEvent.change(details.getByLabelText(/^Name/), { target: { value: '  Anna Andersson ' } });
    fireEvent.click(details.getByRole('button', { name: 'Save name' }));
    expect((await details.findByRole('status')).textContent).toBe('Your name has been saved.');
    expect(puts()).toEqual([{ Name: 'Anna Andersson', Language: 'en-us' }]);
    expect(await screen.findByRole('button', { name: 'Account menu for Anna Andersson' })).toBeTruthy();
  });

  it('has a Cookies section that opens the cookie settings (SPEC section 2 lists cookies in the settings)', {
    timeout: 15_000,
  }, async () => {
    await openPage();
    const section = within(await screen.findByRole('region', { name: 'Cookies' }));
    fireEvent.click(section.getByRole('button', { name: 'Cookie settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    // test/setup.ts stored "accept all" for this visitor: the dialog shows that choice.
    expect((within(dialog).getByRole('switch', { name: 'Advertising' }) as HTMLInputElement).checked).toBe(true);
  });

  it('checks the name before sending it', { timeout: 15_000 }, async () => {
    const { details, puts } = await openPage();
    fireEvent.change(details.getByLabelText(/^Name/), { target: { value: '   ' } });
    fireEvent.click(details.getByRole('button', { name: 'Save name' }));
    expect(await details.findByText('Enter your name.')).toBeTruthy();
    fireEvent.change(details.getByLabelText(/^Name/), { target: { value: 'x'.repeat(limits.userNameMaxLength + 1) } });
    expect(await details.findByText(`Use at most ${limits.userNameMaxLength} characters.`)).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('shows the server’s refusal of the name', { timeout: 15_000 }, async () => {
    const { details } = await openPage({ failPut: [400, 'VALIDATION_FAILED'] });
    fireEvent.change(details.getByLabelText(/^Name/), { target: { value: 'Anna' } });
    fireEvent.click(details.getByRole('button', { name: 'Save name' }));
    expect((await details.findByRole('alert')).textContent).toContain(
      'Some of the information is not valid. Please check it and try again.',
    );
    expect(screen.getByRole('button', { name: 'Account menu for Demo Admin' })).toBeTruthy();
  });

  it('saves the language and applies it to the screen at once', { timeout: 15_000 }, async () => {
    const { puts } = await openPage();
    const group = within(screen.getByRole('radiogroup', { name: 'Language' }));
    fireEvent.click(group.getByLabelText('Svenska'));
    expect(await screen.findByRole('heading', { name: 'Inställningar' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sv');
    expect(await screen.findByText('Sparat.')).toBeTruthy();
    expect(puts()).toEqual([{ Name: 'Demo Admin', Language: 'sv' }]);
    expect((group.getByLabelText('Svenska') as HTMLInputElement).checked).toBe(true);
  });

  it('puts the language back, screen included, when saving fails', { timeout: 15_000 }, async () => {
    await openPage({ failPut: [500, 'INTERNAL_ERROR'] });
    const group = within(screen.getByRole('radiogroup', { name: 'Language' }));
    fireEvent.click(group.getByLabelText('Español'));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Something went wrong on our side.'));
    expect(alert.textContent).toContain('req-7');
    expect(document.documentElement.lang).toBe('en-us');
    expect((group.getByLabelText('English') as HTMLInputElement).checked).toBe(true);
  });

  it('follows a change made with the header’s language switch', { timeout: 15_000 }, async () => {
    await openPage();
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } });
    const group = within(await screen.findByRole('radiogroup', { name: 'Idioma' }));
    expect((group.getByLabelText('Español') as HTMLInputElement).checked).toBe(true);
  });

  it.each(['#/settings', '#/settings/no-such-section'])(
    '%s opens personal preferences',
    {
      timeout: 15_000,
    },
    async (hash) => {
      await openPage({ hash, role: 12 });
      expect(window.location.hash).toBe('#/settings/preferences');
      const tabs = screen.getAllByRole('tab');
      expect(tabs[0]?.textContent).toBe('Personal');
      expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    },
  );

  it('is where the user menu’s Settings leads', { timeout: 15_000 }, async () => {
    await open({ hash: '#/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Demo Admin' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('form', { name: 'Your details' })).toBeTruthy();
    expect(window.location.hash).toBe('#/settings/preferences');
  });
});
