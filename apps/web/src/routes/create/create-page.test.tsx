import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { draft, editorResponse } from '../../../test/editor-fixtures.ts';
import { renderAppWithoutPdfAt } from '../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';

/** The signed-in user's /create with one draft; an upload answers `uploadAnswer`. */
async function open(uploadAnswer: { status: number; body: unknown }) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    if (url === '/v2/user') return sendJson(response, 200, authStateFor());
    if (url === '/v2/linktinker/projects')
      return sendJson(response, 200, {
        Projects: [{ Id: 'prj-old', Title: 'Lease 2026', FileCount: 1, Updated: '2026-11-20T10:00:00.000Z' }],
      });
    if (url === '/v2/linktinker/files' && request.method === 'POST')
      return sendJson(response, uploadAnswer.status, uploadAnswer.body);
    if (url === '/v2/linktinker/projects/prj-1') return sendJson(response, 200, draft);
    if (url === '/v2/linktinker/files/file-1/editor') return sendJson(response, 200, editorResponse);
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppWithoutPdfAt('#/create', { apiBaseUrl: server.apiBase });
  return server.requests;
}

const choosePdf = async (name = 'Agreement.pdf') => {
  const input = (await screen.findByLabelText('Choose a PDF', { selector: 'input' })) as HTMLInputElement;
  expect(input.accept).toBe('application/pdf,.pdf');
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.7 test'], name, { type: 'application/pdf' })] } });
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/create (issue 6 part 1: upload a PDF or continue a draft)', () => {
  it('lists the drafts to continue, and shows why the server refused an upload', { timeout: 15_000 }, async () => {
    const requests = await open({
      status: 422,
      body: { code: 'UPLOAD_PASSWORD_PROTECTED', message: 'encrypted', requestId: 'r1' },
    });
    const draft = await screen.findByRole('link', { name: /Lease 2026/ });
    expect(draft.getAttribute('href')).toBe('#/create/prj-old');
    await choosePdf();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This PDF is password-protected. Remove the password and upload it again.',
    );
    const upload = requests.find((request) => request.method === 'POST');
    expect(upload?.url).toBe('/v2/linktinker/files?name=Agreement.pdf');
    expect(upload?.headers['content-type']).toBe('application/pdf');
    // Not repeated: each upload would start another draft.
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('opens the new draft in the editor after an upload', { timeout: 15_000 }, async () => {
    await open({ status: 201, body: draft });
    await choosePdf();
    expect(await screen.findByRole('textbox', { name: 'Document name' })).toHaveProperty('value', 'Agreement');
    await waitFor(() => expect(window.location.hash).toBe('#/create/prj-1'));
  });

  it('tells a phone that documents are created on a computer', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('pointer: coarse') || query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    await open({ status: 500, body: {} });
    expect(
      await screen.findByText('Creating documents is not supported on mobile. Please use a computer.'),
    ).toBeTruthy();
    expect(screen.queryByText('Choose a PDF')).toBeNull();
  });
});
