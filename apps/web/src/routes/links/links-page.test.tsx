import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations, setViewport } from '../../../test/axe.ts';
import { clubLink, membershipTemplate } from '../../../test/public-link-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';

/** A lazy screen's first load on a machine shared by many test runs. */
const firstScreen = { timeout: 15_000 };

let server: TestHttpServer | undefined;
afterEach(async () => {
  setViewport(1024);
  await server?.close();
  server = undefined;
});

/** Signed in; the public-link and template calls answer as the server's contracts say. */
async function open(hash: string) {
  let links = [clubLink];
  localStorage.setItem(authStorageKey, 'token-1');
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') return sendJson(response, 200, authStateFor());
    if (path === '/v2/linktinker/publiclinks' && request.method === 'GET') {
      return sendJson(response, 200, { PublicLinks: links });
    }
    if (path === '/v2/linktinker/publiclinks' && request.method === 'POST') return sendJson(response, 201, clubLink);
    if (path === '/v2/linktinker/templates') {
      return sendJson(response, 200, { Templates: [membershipTemplate], CanUseTemplates: true });
    }
    if (path === `/v2/linktinker/publiclinks/${clubLink.Id}/disable`) {
      links = [{ ...clubLink, Status: 'disabled' }];
      return sendJson(response, 200, links[0]);
    }
    if (path === `/v2/linktinker/publiclinks/${clubLink.Id}/edit`)
      return sendJson(response, 200, { ProjectId: 'doc_master1' });
    if (path === `/v2/linktinker/publiclinks/${clubLink.Id}` && request.method === 'PUT') {
      return sendJson(response, 200, clubLink);
    }
    if (path === `/v2/linktinker/publiclinks/${clubLink.Id}` && request.method === 'DELETE') {
      links = [];
      response.writeHead(204).end();
      return;
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  return server.requests;
}

const bodyOf = (requests: { url: string; method: string; body: string }[], method: string, suffix: string) =>
  JSON.parse(
    requests.find((request) => request.method === method && pathOf(request.url).endsWith(suffix))?.body ?? '{}',
  );

describe('/links (SPEC section 2 "Public links")', () => {
  it.each([
    ['desktop', 1024],
    ['phone', 390],
  ])(
    'lists a link with its address, gate, counts and QR code, and passes axe on a %s',
    {
      timeout: 30_000,
    },
    async (_name, width) => {
      setViewport(width);
      await open('#/links');
      const card = within(await screen.findByRole('region', { name: 'Join the club' }, firstScreen));
      expect((card.getByLabelText('Address') as HTMLInputElement).value).toBe(clubLink.Url);
      expect(card.getByText('Active')).toBeTruthy();
      expect(card.getByText('SMS code')).toBeTruthy();
      expect(card.getByText('12')).toBeTruthy();
      expect(card.getByText('5')).toBeTruthy();
      expect(await card.findByRole('img', { name: 'QR code for Join the club' })).toBeTruthy();
      expect(card.getByRole('button', { name: 'Download QR code' })).toBeTruthy();
      await expectNoAxeViolations();
    },
  );

  it('disables a link, opens its fields in the editor, and deletes it after asking', { timeout: 30_000 }, async () => {
    const requests = await open('#/links');
    const card = within(await screen.findByRole('region', { name: 'Join the club' }, firstScreen));
    fireEvent.click(card.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(/Join the club is disabled/)).toBeTruthy();
    expect(bodyOf(requests, 'PUT', '/disable')).toEqual({ Disabled: true });
    expect(await card.findByText('Disabled')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Join the club?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Join the club is deleted/)).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('No public links yet')).toBeTruthy();
  });

  it('opens the field editor, the settings, the preview and the sub-inbox', { timeout: 30_000 }, async () => {
    await open('#/links');
    const card = within(await screen.findByRole('region', { name: 'Join the club' }, firstScreen));
    fireEvent.click(card.getByRole('button', { name: 'Edit fields' }));
    await waitFor(() => expect(window.location.hash).toBe('#/create/doc_master1'), firstScreen);
    // The router keeps the links screen up while the editor's chunk loads: going back before it has left would race
    // that navigation, which then lands after ours.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Join the club' })).toBeNull(), firstScreen);
    window.location.hash = '#/links';
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Join the club' }, firstScreen)).getByRole('button', {
        name: 'Open inbox',
      }),
    );
    // Under a loaded machine the links screen comes back lazily: the click may wait on it, and so does the hash.
    await waitFor(() => expect(window.location.hash).toBe(`#/inbox?subinbox=${clubLink.Id}`), firstScreen);
  });
});

describe('/links/create and /links/{id}/edit', () => {
  it('publishes a template with a gate and a fixed witness, then shows its address and QR code', {
    timeout: 30_000,
  }, async () => {
    const requests = await open(`#/links/create?template=${membershipTemplate.Id}`);
    expect(await screen.findByText('The visitor signs as Customer.', {}, firstScreen)).toBeTruthy();
    await expectNoAxeViolations();
    const name = screen.getByRole('textbox', { name: /Name of the link/ });
    fireEvent.change(name, { target: { value: 'Join the club' } });
    fireEvent.click(screen.getByRole('radio', { name: 'SMS code' }));
    const witness = within(screen.getByRole('group', { name: 'Witness' }));
    fireEvent.click(witness.getByRole('radio', { name: 'Always the same person' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish link' }));
    expect(await witness.findByText('Enter the person’s name.')).toBeTruthy();
    fireEvent.change(witness.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Wendy Witness' } });
    fireEvent.change(witness.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'wendy@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish link' }));
    expect(await screen.findByText('Join the club is published. Share its address or QR code.')).toBeTruthy();
    expect(bodyOf(requests, 'POST', '/publiclinks')).toEqual({
      Name: 'Join the club',
      TemplateId: membershipTemplate.Id,
      RequireBankID: false,
      RequireSMS: true,
      RequireEmail: false,
      FixedRoles: [{ SignatureIndex: 1, Name: 'Wendy Witness', Email: 'wendy@example.com', InvitationMethod: 'email' }],
    });
    expect(await screen.findByRole('img', { name: 'QR code for Join the club' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('saves an existing link’s settings', { timeout: 30_000 }, async () => {
    setViewport(390);
    const requests = await open(`#/links/${clubLink.Id}/edit`);
    const name = await screen.findByRole('textbox', { name: /Name of the link/ }, firstScreen);
    expect((screen.getByRole('radio', { name: 'SMS code' }) as HTMLInputElement).checked).toBe(true);
    await expectNoAxeViolations();
    fireEvent.change(name, { target: { value: 'Join us' } });
    fireEvent.click(screen.getByRole('radio', { name: 'BankID' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.hash).toBe('#/links'));
    expect(bodyOf(requests, 'PUT', `/publiclinks/${clubLink.Id}`)).toEqual({
      Name: 'Join us',
      RequireBankID: true,
      RequireSMS: false,
      RequireEmail: false,
      FixedRoles: [],
    });
  });
});
