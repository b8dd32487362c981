import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { draft, editorResponse } from '../../../test/editor-fixtures.ts';
import { renderAppWithoutPdfAt } from '../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';

const lease = { Id: 'prj-old', Title: 'Lease 2026', FileCount: 1, Updated: '2026-11-20T10:00:00.000Z' };
const agreement = { Id: 'prj-1', Title: 'Agreement', FileCount: 1, Updated: '2026-11-21T10:00:00.000Z' };

/** A server holding two drafts; DELETE removes one, unless it answers `refusal`. */
async function open(hash: string, refusal?: { status: number; body: unknown }) {
  localStorage.setItem(authStorageKey, 'token-1');
  let drafts = [agreement, lease];
  const server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    if (url === '/v2/user') return sendJson(response, 200, authStateFor());
    if (url === '/v2/linktinker/projects') return sendJson(response, 200, { Projects: drafts });
    const id = /^\/v2\/linktinker\/projects\/([^/]+)$/.exec(url)?.[1];
    if (id && request.method === 'DELETE') {
      if (refusal) return sendJson(response, refusal.status, refusal.body);
      drafts = drafts.filter((each) => each.Id !== id);
      response.writeHead(204);
      return response.end();
    }
    if (id === 'prj-1') return sendJson(response, 200, draft);
    if (url === '/v2/linktinker/files/file-1/editor') return sendJson(response, 200, editorResponse);
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppWithoutPdfAt(hash, { apiBaseUrl: server.apiBase });
  return server.requests;
}

const deletes = (requests: { method: string; url: string }[]) =>
  requests.filter((request) => request.method === 'DELETE').map((request) => pathOf(request.url));
const slow = { timeout: 20_000 };

describe('deleting a draft', () => {
  it('from the drafts list, after asking; saying no deletes nothing', slow, async () => {
    const requests = await open('#/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the draft Lease 2026' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Delete the draft?' }));
    expect(ask.getByText('“Lease 2026” and its files will be deleted. This cannot be undone.')).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes(requests)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete the draft Lease 2026' }));
    const again = within(await screen.findByRole('dialog', { name: 'Delete the draft?' }));
    fireEvent.click(again.getByRole('button', { name: 'Delete draft' }));
    expect((await screen.findByRole('status')).textContent).toBe('The draft “Lease 2026” was deleted.');
    expect(deletes(requests)).toEqual(['/v2/linktinker/projects/prj-old']);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Lease 2026/ })).toBeNull());
    expect(screen.getByRole('link', { name: /Agreement/ })).toBeTruthy();
  });

  it('says why the server refused, and keeps the draft listed', slow, async () => {
    const body = { code: 'DOCUMENT_SAVE_FAILED', message: 'sent', requestId: 'r', details: { reason: 'not-a-draft' } };
    await open('#/create', { status: 409, body });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the draft Lease 2026' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Delete the draft?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Lease 2026/ })).toBeTruthy();
  });

  it('from the editor, which then opens the drafts', slow, async () => {
    const requests = await open('#/create/prj-1');
    await screen.findByRole('textbox', { name: 'Document name' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Delete the draft?' }));
    expect(ask.getByText('“Agreement” and its files will be deleted. This cannot be undone.')).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(window.location.hash).toBe('#/create'));
    expect(deletes(requests)).toEqual(['/v2/linktinker/projects/prj-1']);
    expect(await screen.findByRole('link', { name: /Lease 2026/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Agreement/ })).toBeNull();
  });
});
