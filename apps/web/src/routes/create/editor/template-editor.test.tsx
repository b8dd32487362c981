import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../../test/axe.ts';
import { editorResponse, draft as testDraft } from '../../../../test/editor-fixtures.ts';
import { renderAppWithoutPdfAt } from '../../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

/** A template's document: a role to fill, no person yet (issue 24). */
const template = {
  ...testDraft,
  Id: 'tpl-1',
  Title: 'Lease template',
  Kind: 'template' as const,
  Parties: [
    {
      Id: 'pty-1',
      SignatureIndex: 0,
      Role: 'Tenant',
      Name: '',
      InvitationMethod: 'email' as const,
      SignatureType: 'e-signature' as const,
      GetPaid: false,
    },
  ],
};

/** /templates/tpl-1/edit against a server that keeps what the editor saves. */
async function open() {
  localStorage.setItem(authStorageKey, 'token-1');
  let saved = template;
  const server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    if (url === '/v2/user') return sendJson(response, 200, authStateFor());
    if (url === '/v2/linktinker/projects/tpl-1' && request.method === 'PUT') {
      saved = { ...saved, ...JSON.parse(request.body) };
      return sendJson(response, 200, saved);
    }
    if (url === '/v2/linktinker/projects/tpl-1') return sendJson(response, 200, saved);
    if (url === '/v2/linktinker/files/file-1/editor')
      return sendJson(response, 200, { ...editorResponse, Project: saved });
    if (url === '/v2/linktinker/files/file-1/rules') return sendJson(response, 200, {});
    if (url === '/v2/linktinker/templates') return sendJson(response, 200, { Templates: [], CanUseTemplates: true });
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppWithoutPdfAt('#/templates/tpl-1/edit', { apiBaseUrl: server.apiBase });
  await screen.findByRole('textbox', { name: 'Document name' });
  return server.requests;
}

describe('the field editor on a template (issue 24)', () => {
  it('names each party by role, asks no contact, and saves instead of sending', { timeout: 20_000 }, async () => {
    const requests = await open();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Edit template',
    ]);
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
    const party = within(screen.getByRole('region', { name: 'Tenant' }));
    const role = party.getByRole('textbox', { name: 'Role' });
    expect(role).toHaveProperty('value', 'Tenant');
    // A template's person is optional: leaving the e-mail empty is no error.
    const email = party.getByRole('combobox', { name: 'E-mail address' });
    fireEvent.blur(email);
    expect(party.queryByText(/Enter an e-mail address/)).toBeNull();
    await expectNoAxeViolations();

    fireEvent.change(role, { target: { value: 'Customer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(window.location.hash).toBe('#/templates'));
    const put = requests.filter((r) => r.method === 'PUT' && pathOf(r.url) === '/v2/linktinker/projects/tpl-1').at(-1);
    expect(JSON.parse(put?.body ?? '{}').Parties[0]).toMatchObject({ Role: 'Customer', Name: '' });
  });
});
