import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../../../server/test/start-server-process.ts';
import { expectNoAxeViolations } from '../../../../test/axe.ts';
import { apiCaller, type Call, demoLogin, readOnlyColleague } from '../../../../test/owner-forms-seed.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { authStorageKey } from '../../../api/auth-store.ts';

/** Issue 26, part 7: the API keys screen against the real service, whose keys are then tried on its API. */
describe('/settings/api-keys', () => {
  let server: ServerProcess;
  let call: Call;
  let adminToken: string;
  beforeAll(async () => {
    server = await startServerProcess();
    call = apiCaller(server.apiBase);
    ({ accessToken: adminToken } = await call<{ accessToken: string }>('POST', 'oauth/generatetoken', null, demoLogin));
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** A call with a key's id and secret as Basic credentials, as an integration makes it. */
  const asKey = (clientId: string, secret: string) =>
    fetch(`${server.apiBase}linktinker/errands`, {
      headers: { Authorization: `Basic ${btoa(`${clientId}:${secret}`)}` },
    });

  const open = async (token: string) => {
    localStorage.setItem(authStorageKey, token);
    renderAppAt('#/settings/api-keys', { apiBaseUrl: server.apiBase });
    await screen.findByRole('tab', { name: 'API keys', selected: true }, { timeout: 15_000 });
  };

  it('makes a key whose secret shows once, then edits and revokes it', { timeout: 60_000 }, async () => {
    // After userEvent's setup, which puts a clipboard of its own on the navigator.
    const user = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void copied.push(text) },
      configurable: true,
    });
    await open(adminToken);
    expect(await screen.findByText('No API keys yet.', {}, { timeout: 10_000 })).toBeTruthy();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'New API key' }));
    const form = within(await screen.findByRole('dialog', { name: 'New API key' }));
    await user.click(form.getByRole('button', { name: 'Create key' }));
    expect(await form.findByText('Give the key a name.')).toBeTruthy();
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'ERP');
    await expectNoAxeViolations();
    await user.click(form.getByRole('button', { name: 'Create key' }));

    const shown = within(await screen.findByRole('dialog', { name: 'The secret of ERP' }, { timeout: 10_000 }));
    expect(shown.getByText(/It will not be shown again/)).toBeTruthy();
    const secret = (shown.getByRole('textbox', { name: 'Secret' }) as HTMLInputElement).value;
    const clientId = (shown.getByRole('textbox', { name: 'Client ID' }) as HTMLInputElement).value;
    expect(clientId).toMatch(/^cli_/);
    await user.click(shown.getByRole('button', { name: 'Copy secret' }));
    expect(await shown.findByText('The secret has been copied.')).toBeTruthy();
    expect(copied).toEqual([secret]);
    await expectNoAxeViolations();
    // The key works on the API as it is shown.
    expect((await asKey(clientId, secret)).status).toBe(200);
    await user.click(shown.getByRole('button', { name: 'I have copied it' }));

    const item = within(await screen.findByRole('listitem', { name: 'ERP' }));
    expect(item.getByText(clientId)).toBeTruthy();
    expect(item.getByText('Full access')).toBeTruthy();
    expect(item.getByText(new RegExp(`Secret ends in ${secret.slice(-4)}`))).toBeTruthy();
    expect(document.body.textContent).not.toContain(secret);

    await user.click(item.getByRole('button', { name: 'Edit ERP' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit API key' }));
    const name = edit.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Reporting');
    await user.click(edit.getByRole('combobox', { name: 'Access' }));
    await user.click(await screen.findByRole('option', { name: 'Read only' }));
    await user.click(edit.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reporting has been saved.')).toBeTruthy();
    const renamed = within(await screen.findByRole('listitem', { name: 'Reporting' }));
    expect(renamed.getByText('Read only')).toBeTruthy();

    await user.click(renamed.getByRole('button', { name: 'Revoke Reporting' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke Reporting?' }));
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Reporting has been revoked.')).toBeTruthy();
    await waitFor(() => expect(renamed.getByText('Revoked')).toBeTruthy());
    expect(renamed.queryByRole('button', { name: 'Revoke Reporting' })).toBeNull();
    expect((await asKey(clientId, secret)).status).toBe(401);
  });

  it('tells a member who is not an administrator who manages keys, without the tab', { timeout: 60_000 }, async () => {
    const readerToken = await readOnlyColleague(call, server.apiBase, adminToken);
    localStorage.setItem(authStorageKey, readerToken);
    renderAppAt('#/settings/api-keys', { apiBaseUrl: server.apiBase });
    expect(
      await screen.findByText("A company account's administrators manage its API keys.", {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New API key' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Personal' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'API keys' })).toBeNull();
    await expectNoAxeViolations();
  });
});
