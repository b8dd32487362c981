import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assistantVersions, defaultAssistantSettings } from '../../../test/assistant-fixtures.ts';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { answerDocumentFlag, documentOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { draft, editorResponse } from '../../../test/editor-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { renderAppWithoutPdfAt } from '../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';

/** The ways in (SPEC section 2): the sent document's overview and the draft's document settings in the editor. */
const firstScreen = { timeout: 15_000 };
const slow = { timeout: 30_000 };

let server: TestHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The assistant's settings and versions for `documentId`, as the contracts say; false for any other call. */
function answerAssistant(path: string, documentId: string, response: Parameters<typeof sendJson>[0]) {
  if (path === '/v2/linktinker/app/ai/phil/versions') {
    sendJson(response, 200, assistantVersions);
    return true;
  }
  if (path === `/v2/linktinker/app/ai/phil/settings/${documentId}`) {
    sendJson(response, 200, defaultAssistantSettings(documentId));
    return true;
  }
  return false;
}

describe('the ways to the assistant settings', () => {
  it("opens from the document overview's action, and goes back there", slow, async () => {
    const sent = documentOf();
    server = await startDocumentsServer((request, response) => {
      const path = pathOf(request.url);
      if (request.method === 'GET' && path === `/v2/linktinker/errands/${sent.Id}`) {
        sendJson(response, 200, sent);
        return true;
      }
      if (answerAssistant(path, sent.Id, response)) return true;
      return answerDocumentFlag(request, response, sent) ?? false;
    });
    renderAppAt(`#/document/${sent.Id}`, { apiBaseUrl: server.apiBase });
    fireEvent.click(await screen.findByRole('link', { name: 'AI assistant' }, firstScreen));
    expect(await screen.findByRole('heading', { name: 'General settings' }, firstScreen)).toBeTruthy();
    expect(window.location.hash).toBe(`#/document/${sent.Id}/assistant`);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/document/${sent.Id}`), firstScreen);
  });

  it("opens from the editor's document settings for the draft, its changes saved first", slow, async () => {
    localStorage.setItem(authStorageKey, 'token-1');
    server = await startTestHttpServer((request, response) => {
      const path = pathOf(request.url);
      if (path === '/v2/user') return sendJson(response, 200, authStateFor());
      if (path === `/v2/linktinker/projects/${draft.Id}`) return sendJson(response, 200, draft);
      if (path === '/v2/linktinker/files/file-1/editor') {
        return sendJson(response, 200, { ...editorResponse, Project: draft });
      }
      if (path === '/v2/linktinker/files/file-1/rules') return sendJson(response, 200, {});
      if (answerAssistant(path, draft.Id, response)) return;
      sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
    });
    renderAppWithoutPdfAt(`#/create/${draft.Id}`, { apiBaseUrl: server.apiBase });
    const name = await screen.findByRole('textbox', { name: 'Document name' }, firstScreen);
    fireEvent.change(name, { target: { value: 'Lease 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Document settings' }));
    fireEvent.click(dialog.getByRole('button', { name: 'AI assistant settings' }));
    expect(await screen.findByRole('heading', { name: 'General settings' }, firstScreen)).toBeTruthy();
    expect(window.location.hash).toBe(`#/document/${draft.Id}/assistant`);
    const saved = server.requests.filter(
      (request) => request.method === 'PUT' && pathOf(request.url) === `/v2/linktinker/projects/${draft.Id}`,
    );
    expect(JSON.parse(saved.at(-1)?.body ?? '{}')).toMatchObject({ Title: 'Lease 2026' });
  });
});
