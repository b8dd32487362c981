import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { draft, editorResponse, file } from '../../../../test/editor-fixtures.ts';
import { renderAppWithoutPdfAt } from '../../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';
import type { DocumentFile, Draft } from '../../../api/drafts-api.ts';

const anna = {
  SignatureIndex: 0,
  Name: 'Anna Andersson',
  Email: 'anna@example.com',
  InvitationMethod: 'email' as const,
  SignatureType: 'bankid' as const,
  GetPaid: false,
};
const signature = {
  id: 'f1',
  type: 'signature' as const,
  signatureIndex: 0,
  page: 2,
  x: 100,
  y: 200,
  width: 180,
  height: 50,
  required: true,
};
const first: DocumentFile = { ...file, Rules: { fields: [signature], access: {} } };
const added: DocumentFile = {
  ...file,
  Id: 'file-2',
  Title: 'Appendix.pdf',
  PageCount: 1,
  Pages: file.Pages.slice(0, 1),
};
const draftWith = (files: DocumentFile[]): Draft => ({ ...draft, Parties: [anna], Files: files });

/**
 * A server that keeps the draft's files: an upload adds one, a merge makes one file of the first's and the added
 * one's pages, the first file's fields on the same pages and places (as `files/merge` does).
 */
async function openEditor() {
  localStorage.setItem(authStorageKey, 'token-1');
  let saved = first;
  let files: DocumentFile[] = [first];
  const server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    if (url === '/v2/user') return sendJson(response, 200, authStateFor());
    if (url === '/v2/linktinker/projects/prj-1') return sendJson(response, 200, draftWith(files));
    if (url === '/v2/linktinker/files/file-1/rules') {
      saved = { ...saved, Rules: { fields: JSON.parse(request.body).Fields, access: {} } };
      files = [saved];
      return sendJson(response, 200, saved);
    }
    if (url === '/v2/linktinker/files' && request.method === 'POST') {
      files = [...files, added];
      return sendJson(response, 201, draftWith(files));
    }
    if (url === '/v2/linktinker/files/merge') {
      const merged: DocumentFile = {
        ...saved,
        Id: 'file-m',
        PageCount: 3,
        Pages: [...saved.Pages, ...added.Pages],
        Rules: { fields: saved.Rules.fields.map((field) => ({ ...field, id: `file-1:${field.id}` })), access: {} },
      };
      files = [merged];
      return sendJson(response, 200, draftWith(files));
    }
    const opened = files.find((candidate) => url === `/v2/linktinker/files/${candidate.Id}/editor`);
    if (opened) return sendJson(response, 200, { ...editorResponse, Project: draftWith(files), File: opened });
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppWithoutPdfAt('#/create/prj-1', { apiBaseUrl: server.apiBase });
  await screen.findByRole('textbox', { name: 'Document name' });
  return server.requests;
}

describe('Add PDF in the field editor', () => {
  it('uploads a second PDF, merges it after the open one and reopens the editor, the fields where they were', {
    timeout: 20_000,
  }, async () => {
    const requests = await openEditor();
    expect(screen.queryByRole('group', { name: 'Page 3' })).toBeNull();
    // A move not yet saved when the PDF is added: the merge must see it.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Signature for Anna Andersson, page 2' }), {
      key: 'ArrowRight',
    });
    const pdf = new File(['%PDF-1.7 appendix'], 'Appendix.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('add-pdf-input'), { target: { files: [pdf] } });

    // Pages beyond the first two draw once scrolled near; the merged file's third page is there to scroll to.
    expect(await screen.findByRole('group', { name: 'Page 3' }, { timeout: 5000 })).toBeTruthy();
    const calls = requests.map((request) => `${request.method} ${pathOf(request.url)}`);
    const rules = calls.indexOf('POST /v2/linktinker/files/file-1/rules');
    const upload = calls.indexOf('POST /v2/linktinker/files');
    const merge = calls.indexOf('POST /v2/linktinker/files/merge');
    expect(rules).toBeGreaterThan(-1);
    expect(rules).toBeLessThan(upload);
    expect(upload).toBeLessThan(merge);
    expect(requests[upload]?.url).toBe('/v2/linktinker/files?name=Appendix.pdf&projectId=prj-1');
    expect(JSON.parse(requests[merge]?.body ?? '{}')).toEqual({ FileIds: ['file-1', 'file-2'] });
    expect(calls).toContain('POST /v2/linktinker/files/file-m/editor');

    fireEvent.focus(screen.getByRole('button', { name: 'Signature for Anna Andersson, page 2' }));
    const properties = within(screen.getByRole('complementary', { name: 'Selected field' }));
    await waitFor(() =>
      expect((properties.getByRole('textbox', { name: 'From left' }) as HTMLInputElement).value).toBe('101'),
    );
    expect((properties.getByRole('textbox', { name: 'From top' }) as HTMLInputElement).value).toBe('200');
  });

  it('says why a PDF could not be added and keeps the editor as it was', { timeout: 15_000 }, async () => {
    await openEditor();
    const tooLarge = new File(['x'], 'Huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(tooLarge, 'size', { value: 26 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId('add-pdf-input'), { target: { files: [tooLarge] } });
    const dialog = within(await screen.findByRole('dialog', { name: 'The PDF could not be added' }));
    expect(dialog.getByRole('alert').textContent).toContain('larger than 25 MB');
    expect(screen.getByTestId('page-canvas-2')).toBeTruthy();
  });
});
