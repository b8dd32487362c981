import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  findFreePort,
  type ServerProcess,
  startServerProcess,
} from '../../../../../server/test/start-server-process.ts';
import { expectNoAxeViolations, setViewport } from '../../../../test/axe.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { authStorageKey } from '../../../api/auth-store.ts';

/**
 * Issue 26, part 7, against the real service: its worker delivers to the service's own development inbox (the guard's
 * one exemption), so a test event arrives, signed, while the screen watches its log.
 */
let server: ServerProcess;
let origin = '';
let token = '';
const slow = { timeout: 60_000 };

beforeAll(async () => {
  const port = await findFreePort();
  origin = `http://127.0.0.1:${port}`;
  server = await startServerProcess({ env: { PUBLIC_URL: origin, PORT: String(port) } });
  const login = await fetch(`${server.apiBase}oauth/generatetoken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@signlink.test', password: 'signlink-demo' }),
  });
  token = ((await login.json()) as { accessToken: string }).accessToken;
}, 90_000);
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  setViewport(1024);
  vi.unstubAllGlobals();
});

const phoneMatchMedia = (query: string) => ({
  matches: true,
  media: query,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
});

async function open(hash = '#/settings/webhooks') {
  localStorage.setItem(authStorageKey, token);
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
}

async function addEndpoint(url: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }, { timeout: 15_000 }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add webhook endpoint' }));
  await user.type(dialog.getByRole('textbox', { name: /Endpoint URL/ }), url);
  await user.click(dialog.getByRole('checkbox', { name: 'Signed by a party' }));
  await user.click(dialog.getByRole('button', { name: 'Add' }));
  return user;
}

describe('/settings/webhooks', () => {
  it('adds an endpoint, shows its secret once, sends a test event and logs it, then revokes it', slow, async () => {
    await open();
    const url = `${origin}/v2/dev/webhooks/inbox/settings-test`;
    const user = await addEndpoint(url);

    const secretDialog = within(await screen.findByRole('dialog', { name: 'Endpoint added' }));
    const secret = (secretDialog.getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value;
    expect(secret).toMatch(/^whsec_/);
    expect(secretDialog.getByRole('button', { name: 'Copy the signing secret' })).toBeTruthy();
    await user.click(secretDialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const card = within(await screen.findByRole('article', { name: url }));
    expect(card.getByText('Active')).toBeTruthy();
    expect(card.getByText('Signed by a party, Completed and sealed')).toBeTruthy();
    expect(document.body.textContent).not.toContain(secret);

    await user.click(card.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('A test event is on its way.')).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Delivery log' }));
    const log = within(await card.findByRole('list', { name: 'Latest deliveries' }));
    // The service's worker delivers it; the log asks again until the attempt is in.
    expect(await log.findByText('Delivered', {}, { timeout: 20_000 })).toBeTruthy();
    expect(log.getByText('webhook.test')).toBeTruthy();
    expect(log.getByText(/1 attempt/)).toBeTruthy();

    const received = await (await fetch(`${server.apiBase}dev/webhooks`)).json();
    expect(received.Webhooks[0]).toMatchObject({ Type: 'webhook.test', SignatureValid: true, Inbox: 'settings-test' });

    await user.click(card.getByRole('button', { name: 'Revoke' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke this endpoint?' }));
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The endpoint was revoked.')).toBeTruthy();
    expect(await card.findByText('Revoked')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Send test event' })).toBeNull();
  });

  it('edits an endpoint: its address and events', slow, async () => {
    await open();
    const url = `${origin}/v2/dev/webhooks/inbox/before-edit`;
    const user = await addEndpoint(url);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Endpoint added' })).getByRole('button', { name: 'Done' }),
    );
    await user.click(within(await screen.findByRole('article', { name: url })).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit webhook endpoint' }));
    const field = dialog.getByRole('textbox', { name: /Endpoint URL/ });
    const edited = `${origin}/v2/dev/webhooks/inbox/after-edit`;
    await user.clear(field);
    await user.type(field, edited);
    await user.click(dialog.getByRole('checkbox', { name: 'Completed and sealed' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The endpoint was saved.')).toBeTruthy();
    const card = within(await screen.findByRole('article', { name: edited }));
    expect(card.getByText('Signed by a party')).toBeTruthy();
    expect(screen.queryByRole('article', { name: url })).toBeNull();
  });

  it('refuses a private address with the catalogue message and adds nothing', slow, async () => {
    await open();
    await addEndpoint('https://10.0.0.1/hook');
    const dialog = within(screen.getByRole('dialog', { name: 'Add webhook endpoint' }));
    expect(await dialog.findByText(/This webhook address cannot be used/)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'https://10.0.0.1/hook' })).toBeNull();
  });

  it.each([
    ['desktop', 1024],
    ['phone', 390],
  ])('passes axe on a %s, with the add dialog open too', slow, async (_name, width) => {
    setViewport(width);
    if (width < 600) vi.stubGlobal('matchMedia', phoneMatchMedia);
    await open();
    await screen.findByRole('heading', { name: 'Webhooks', level: 2 }, { timeout: 15_000 });
    await screen.findAllByRole('article');
    await expectNoAxeViolations();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add endpoint' }));
    await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await expectNoAxeViolations();
  });
});

describe('/dev/webhooks', () => {
  it('lists what the development inbox received, with whether each signature holds', slow, async () => {
    await open('#/dev/webhooks');
    const item = within(await screen.findByRole('listitem', { name: 'webhook.test' }, { timeout: 15_000 }));
    expect(item.getByText('Signature valid')).toBeTruthy();
    expect(item.getByText('Inbox settings-test', { exact: false })).toBeTruthy();
    await expectNoAxeViolations();
  });
});
