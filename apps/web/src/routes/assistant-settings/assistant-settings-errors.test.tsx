import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AssistantServerOptions,
  assistantDocumentId,
  startAssistantServer,
} from '../../../test/assistant-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import type { TestHttpServer } from '../../../test/test-http-server.ts';

/** The server's refusals, each told beside what failed with the error catalogue's words (SPEC section 8). */
const firstScreen = { timeout: 15_000 };
const soon = { timeout: 3_000 };
const slow = { timeout: 30_000 };

let server: TestHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function open(options: AssistantServerOptions) {
  server = await startAssistantServer(options);
  renderAppAt(`#/document/${assistantDocumentId}/assistant`, { apiBaseUrl: server.apiBase });
}

describe('/document/{id}/assistant when the server refuses', () => {
  it("says so when the document is not found or not the owner's", slow, async () => {
    await open({ refusals: { 'GET ': [404, 'NOT_FOUND'] } });
    const alert = await screen.findByRole('alert', {}, firstScreen);
    expect(alert.textContent).toContain('What you are looking for could not be found.');
    expect(screen.getByRole('heading', { name: 'AI assistant Phil', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'General settings' })).toBeNull();
  });

  it('keeps the edits when a save is refused, and shows why', slow, async () => {
    await open({ refusals: { 'PUT ': [422, 'AI_VERSION_UNKNOWN'] } });
    const user = userEvent.setup();
    const instructions = await screen.findByRole('textbox', { name: 'Additional instructions' }, firstScreen);
    await user.type(instructions, 'Be brief.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert', {}, soon);
    expect(alert.textContent).toContain('That assistant version does not exist. Choose one from the list.');
    expect((instructions as HTMLTextAreaElement).value).toBe('Be brief.');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows in the test chat that the assistant is unavailable', slow, async () => {
    await open({ refusals: { 'POST /test': [503, 'AI_UNAVAILABLE'] } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test Phil' }, firstScreen));
    const dialog = within(await screen.findByRole('dialog', { name: 'Test Phil' }, soon));
    expect(dialog.queryByText(/save first/)).toBeNull();
    await user.type(dialog.getByRole('textbox', { name: 'Your question' }), 'Hello?');
    await user.click(dialog.getByRole('button', { name: 'Ask' }));
    const alert = await dialog.findByRole('alert', {}, firstScreen);
    expect(alert.textContent).toContain('The assistant is unavailable right now.');
    expect((dialog.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement).value).toBe('Hello?');
  });
});
