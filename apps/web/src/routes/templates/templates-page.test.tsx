import { roles } from '@signlink/contracts/auth/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { leaseTemplate, startTemplatesServer, type TemplatesServerOptions } from '../../../test/template-fixtures.ts';
import { authStorageKey } from '../../api/auth-store.ts';

const slow = { timeout: 20_000 };

async function open(options: TemplatesServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startTemplatesServer(options);
  renderAppAt('#/templates', { apiBaseUrl: server.apiBase });
  return server.requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('/templates', () => {
  it('lists each template with its roles, when it changed and by whom, and passes axe', slow, async () => {
    await open();
    const list = await screen.findByRole('list', { name: 'Your templates' });
    expect(within(list).getByText('Lease')).toBeTruthy();
    expect(within(list).getByText('Roles: Tenant, Landlord')).toBeTruthy();
    expect(within(list).getByText(/Updated .* by Demo Admin/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create template' }).getAttribute('href')).toBe('#/templates/create');
    await expectNoAxeViolations();
  });

  it('says so when there are none', slow, async () => {
    await open({ templates: [] });
    expect(await screen.findByText(/No templates yet/)).toBeTruthy();
  });

  it('points to the add-ons when the account may not use templates', slow, async () => {
    await open({ canUse: false });
    expect(await screen.findByText('Templates need an annual plan or the Templates add-on.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the add-ons' }).getAttribute('href')).toBe('#/billing/add-ons');
    expect(screen.getByRole('button', { name: 'Use Lease' })).toHaveProperty('disabled', true);
    await expectNoAxeViolations();
  });

  it('offers a contributor no Use: they make templates but do not send', slow, async () => {
    await open({ role: roles.contributor });
    await screen.findByText('Lease');
    expect(screen.queryByRole('button', { name: 'Use Lease' })).toBeNull();
  });

  it('deletes a template after asking', slow, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Lease' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Delete the template?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toBe('The template “Lease” was deleted.');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => pathOf(r.url))).toEqual([
      '/v2/linktinker/templates/tpl-1',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Use Lease' })).toBeNull());
  });

  it('shares a template and opens the public link page for it', slow, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Lease' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share with the account' }));
    expect((await screen.findByRole('status')).textContent).toBe('“Lease” is now shared with the account.');
    const put = requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ AccessLevel: 'shared' });
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Lease' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Publish as public link' }));
    await waitFor(() => expect(window.location.hash).toBe('#/links/create?template=tpl-1'));
  });
});

describe('the use-template dialog', () => {
  it('asks for every role, then makes the draft and opens it to review', slow, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Use Lease' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Use “Lease”' }));
    await expectNoAxeViolations();
    fireEvent.click(dialog.getByRole('button', { name: 'Create document' }));
    expect(await dialog.findAllByText('Enter a name.')).toHaveLength(2);
    expect(dialog.getAllByText('Enter an e-mail address or a mobile number.')).toHaveLength(2);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    const tenant = within(dialog.getByRole('group', { name: 'Tenant' }));
    fireEvent.change(tenant.getByRole('textbox', { name: /Name/ }), { target: { value: 'Tove Tenant' } });
    fireEvent.change(tenant.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 't@example.com' } });
    const landlord = within(dialog.getByRole('group', { name: 'Landlord' }));
    fireEvent.change(landlord.getByRole('textbox', { name: /Name/ }), { target: { value: 'Lars Landlord' } });
    fireEvent.change(landlord.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '+46701234567' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create document' }));
    await waitFor(() => expect(window.location.hash).toBe('#/create/prj-new'));
    const used = requests.find((r) => r.method === 'POST');
    expect(pathOf(used?.url ?? '')).toBe('/v2/linktinker/templates/tpl-1');
    expect(JSON.parse(used?.body ?? '{}')).toEqual({
      Parties: [
        { SignatureIndex: 0, Name: 'Tove Tenant', Email: 't@example.com', InvitationMethod: 'email' },
        { SignatureIndex: 1, Name: 'Lars Landlord', Phone: '+46701234567', InvitationMethod: 'email' },
      ],
    });
  });

  it('names the roles the server found empty', slow, async () => {
    const fixedWitness = {
      ...leaseTemplate,
      Roles: [{ ...(leaseTemplate.Roles[0] as (typeof leaseTemplate.Roles)[number]), Name: 'W', Email: 'w@x.se' }],
    };
    const body = { code: 'TEMPLATE_ROLE_EMPTY', message: 'empty', requestId: 'r', details: { signatureIndexes: [0] } };
    await open({ templates: [fixedWitness], useAnswer: { status: 422, body } });
    fireEvent.click(await screen.findByRole('button', { name: 'Use Lease' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Set by the template: W. Fill in to replace.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Create document' }));
    expect(await dialog.findByText('Fill in every role: Tenant.')).toBeTruthy();
  });

  it('fits a phone', slow, async () => {
    // A phone: every max-width query matches (MUI's breakpoints down, the dialog full screen).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Use Lease' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use “Lease”' });
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
    expect(within(dialog).getByRole('button', { name: 'Create document' })).toBeTruthy();
    await expectNoAxeViolations();
  });
});
