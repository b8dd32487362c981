import type { ActiveContentKind } from '@signlink/contracts/documents/active-content';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { draft, editorResponse, file } from '../../../../test/editor-fixtures.ts';
import { renderAppWithoutPdfAt } from '../../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

/** /create/prj-1 for a file from which upload removed `removed`. */
async function openFileWithRemoved(removed: ActiveContentKind[]) {
  localStorage.setItem(authStorageKey, 'token-1');
  const cleaned = { ...file, RemovedContent: removed };
  const project = { ...draft, Files: [cleaned] };
  const server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    if (url === '/v2/user') return sendJson(response, 200, authStateFor());
    if (url === '/v2/linktinker/projects/prj-1') return sendJson(response, 200, project);
    if (url === '/v2/linktinker/files/file-1/editor')
      return sendJson(response, 200, { ...editorResponse, Project: project, File: cleaned });
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppWithoutPdfAt('#/create/prj-1', { apiBaseUrl: server.apiBase });
  await screen.findByRole('textbox', { name: 'Document name' });
}

describe('what upload removed, told to the sender in the editor', () => {
  it('lists each kind removed, and can be dismissed', async () => {
    await openFileWithRemoved(['external-actions', 'xfa-forms']);
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText("For the parties' safety, we removed from this PDF:")).toBeTruthy();
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Links to web pages or other files, and buttons that send form data',
      "XML (XFA) form logic; the PDF's form fields remain",
    ]);
    fireEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing when nothing was removed', async () => {
    await openFileWithRemoved([]);
    expect(screen.queryByText("For the parties' safety, we removed from this PDF:")).toBeNull();
  });
});
