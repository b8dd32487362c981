import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { draft } from '../../../test/editor-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { leaseTemplate, startTemplatesServer } from '../../../test/template-fixtures.ts';
import { authStorageKey } from '../../api/auth-store.ts';

const slow = { timeout: 20_000 };

/** /templates/create with one draft and no sent documents; an upload answers the fixture draft. */
async function open() {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startTemplatesServer({
    other: (request) => {
      const url = pathOf(request.url);
      if (url === '/v2/linktinker/projects') {
        return {
          status: 200,
          body: { Projects: [{ Id: 'prj-old', Title: 'Lease 2026', FileCount: 1, Updated: draft.Updated }] },
        };
      }
      if (url === '/v2/linktinker/errands') {
        return { status: 200, body: { Errands: [], Total: 0, Page: 1, PageSize: 20 } };
      }
      if (url === '/v2/linktinker/files' && request.method === 'POST') return { status: 201, body: draft };
      if (url === '/v2/linktinker/templates' && request.method === 'POST') {
        return { status: 201, body: { ...leaseTemplate, Id: 'tpl-new' } };
      }
      return undefined;
    },
  });
  renderAppAt('#/templates/create', { apiBaseUrl: server.apiBase });
  return server.requests;
}

const templateCalls = (requests: { method: string; url: string; body: string }[]) =>
  requests
    .filter((r) => r.method === 'POST' && pathOf(r.url) === '/v2/linktinker/templates')
    .map((r) => JSON.parse(r.body));

describe('/templates/create', () => {
  it('makes the uploaded PDF the template and opens it in the editor', slow, async () => {
    const requests = await open();
    await screen.findByRole('button', { name: 'Save Lease 2026 as a template' });
    await expectNoAxeViolations();
    const input = (await screen.findByLabelText('Choose a PDF', { selector: 'input' })) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'Lease.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(window.location.hash).toBe('#/templates/tpl-new/edit'));
    expect(templateCalls(requests)).toEqual([{ Name: 'Agreement', SourceDocumentId: 'prj-1', FromUpload: true }]);
  });

  it('saves a draft as a template, keeping the contacts when asked', slow, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('switch', { name: 'Keep the parties’ names and contact details' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save Lease 2026 as a template' }));
    await waitFor(() => expect(window.location.hash).toBe('#/templates/tpl-new/edit'));
    expect(templateCalls(requests)).toEqual([{ Name: 'Lease 2026', SourceDocumentId: 'prj-old', KeepContacts: true }]);
  });
});
