import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { draft, editorResponse } from '../../../../test/editor-fixtures.ts';
import { renderAppWithoutPdfAt } from '../../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

/** What the browser asks before the page goes: true when the editor asked it to confirm leaving. */
function isLeavingQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('leaving the field editor with unsaved changes', () => {
  it('is questioned while a save is pending or failed, not once everything is saved', { timeout: 15_000 }, async () => {
    localStorage.setItem(authStorageKey, 'token-1');
    const server = await startTestHttpServer((request, response) => {
      const url = pathOf(request.url);
      if (url === '/v2/user') return sendJson(response, 200, authStateFor());
      if (url === '/v2/linktinker/projects/prj-1' && request.method === 'PUT') {
        const isRefused = JSON.parse(request.body).Title === 'Refused';
        if (isRefused) return sendJson(response, 409, { code: 'DOCUMENT_SAVE_FAILED', message: 'no', requestId: 'r' });
        return sendJson(response, 200, draft);
      }
      if (url === '/v2/linktinker/projects/prj-1') return sendJson(response, 200, draft);
      if (url === '/v2/linktinker/files/file-1/editor') return sendJson(response, 200, editorResponse);
      sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
    });
    renderAppWithoutPdfAt('#/create/prj-1', { apiBaseUrl: server.apiBase });
    const title = await screen.findByRole('textbox', { name: 'Document name' });
    expect(isLeavingQuestioned()).toBe(false);

    fireEvent.change(title, { target: { value: 'Lease' } });
    // The autosave waits a moment after the change: leaving now would lose it.
    expect(isLeavingQuestioned()).toBe(true);
    // The save starts after autosaveDelayMs (800 ms), close to waitFor's one second on a loaded machine.
    const saving = { timeout: 5000 };
    await waitFor(() => expect(server.requests.some((request) => request.method === 'PUT')).toBe(true), saving);
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy(), saving);
    expect(isLeavingQuestioned()).toBe(false);

    fireEvent.change(title, { target: { value: 'Refused' } });
    expect(await screen.findByText('Not saved', {}, { timeout: 5000 })).toBeTruthy();
    expect(isLeavingQuestioned()).toBe(true);
  });
});
