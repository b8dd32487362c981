import { type AssistantSettings, ZAssistantTestRequest } from '@signlink/contracts/assistant/assistant-settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantDocumentId,
  defaultAssistantSettings,
  giveBlobsArrayBuffer,
  knowledgeFile,
  startAssistantServer,
} from '../../../test/assistant-fixtures.ts';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations, setViewport } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import type { RecordedRequest, TestHttpServer } from '../../../test/test-http-server.ts';

/** A lazy screen's first load on a machine shared by many test runs; then the screen's own answers. */
const firstScreen = { timeout: 15_000 };
const soon = { timeout: 3_000 };
const slow = { timeout: 30_000 };
/** Many clicks and keystrokes through MUI's selects, on a machine shared with other runs. */
const slower = { timeout: 60_000 };

const documentId = assistantDocumentId;

let server: TestHttpServer | undefined;
beforeAll(giveBlobsArrayBuffer);
afterEach(async () => {
  setViewport(1024);
  await server?.close();
  server = undefined;
});

async function open(initial: AssistantSettings = defaultAssistantSettings(documentId)) {
  server = await startAssistantServer({ initial });
  renderAppAt(`#/document/${documentId}/assistant`, { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'General settings' }, firstScreen);
  return server.requests;
}

const requestsTo = (requests: RecordedRequest[], method: string, suffix: string) =>
  requests.filter((request) => request.method === method && pathOf(request.url).endsWith(suffix));

const region = (name: string) => within(screen.getByRole('region', { name }));

const pdfFile = (name: string) =>
  new File(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'], name, { type: 'application/pdf' });

function chooseFile(file: File) {
  fireEvent.change(screen.getByTestId('knowledge-file-input'), { target: { files: [file] } });
}

describe('/document/{id}/assistant (SPEC section 2, "AI assistant settings screen")', () => {
  it.each([
    ['desktop', 1024],
    ['phone', 360],
  ])('shows the defaults in the four settings sections and passes axe on a %s', slow, async (_name, width) => {
    setViewport(width);
    await open();
    expect(document.title).toContain('AI assistant settings');
    const general = region('General settings');
    expect((general.getByRole('switch', { name: /Use the AI assistant Phil/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(general.getByRole('combobox', { name: 'Answer language' }).textContent).toBe(
      "Follow the visitor's language",
    );
    expect(await general.findByText('Steady answers from the document.', {}, soon)).toBeTruthy();
    expect(general.getByRole('combobox', { name: 'Version' }).textContent).toBe('Phil 1 (default)');
    const formFilling = general.getByRole('switch', { name: 'Phil fills in the form for the visitor' });
    expect((formFilling as HTMLInputElement).disabled).toBe(true);
    expect(general.getByText('Coming soon')).toBeTruthy();

    const messages = region('Custom messages');
    const first = messages.getByRole('textbox', { name: 'First message' }) as HTMLTextAreaElement;
    expect(first.value).toBe('');
    expect(first.placeholder).toBe('Hi, I am Phil. Ask me anything about this document.');
    expect(messages.getAllByText('Leave empty to use the default')).toHaveLength(3);
    expect(region('Additional documents').getByText('No additional documents yet.')).toBeTruthy();
    expect(region('Advanced settings').getByText('0 of 4,000 characters')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations();
  });

  it('saves every edited setting in one PUT, then has nothing left to save', slower, async () => {
    const requests = await open();
    const user = userEvent.setup();
    const general = region('General settings');
    await user.click(general.getByRole('switch', { name: /Use the AI assistant Phil/ }));
    await user.click(general.getByRole('switch', { name: /talk to Phil/ }));
    await user.click(general.getByRole('combobox', { name: 'Answer language' }));
    await user.click(await screen.findByRole('option', { name: 'Svenska' }));
    await user.click(general.getByRole('combobox', { name: 'Version' }));
    await user.click(await screen.findByRole('option', { name: 'Phil 2' }));
    const messages = region('Custom messages');
    await user.type(messages.getByRole('textbox', { name: 'Message when the document is done' }), 'Tack!');
    const advanced = region('Advanced settings');
    await user.type(advanced.getByRole('textbox', { name: 'Additional instructions' }), 'Be brief.');
    expect(advanced.getByText('9 of 4,000 characters')).toBeTruthy();
    await user.click(advanced.getByRole('switch', { name: "Keep visitors' conversations" }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The assistant settings are saved.', {}, soon)).toBeTruthy();
    const puts = requestsTo(requests, 'PUT', `/settings/${documentId}`);
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]?.body ?? '{}')).toEqual({
      Enabled: true,
      EnableFormFilling: false,
      EnableSpeech: true,
      Language: 'sv',
      Version: 'phil-2',
      FirstMessage: '',
      InitMessage: '',
      CompletionMessage: 'Tack!',
      AdditionalInstructions: 'Be brief.',
      StoreConversations: true,
    });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/Phil is off for this document/)).toBeNull();
  });

  it(
    'adds a PDF as the raw body, refuses a non-PDF at once and shows the server refusing a false one',
    slow,
    async () => {
      const requests = await open();
      chooseFile(pdfFile('Lease.pdf'));
      const files = region('Additional documents');
      const list = within(await files.findByRole('list', { name: 'Knowledge files' }, soon));
      expect(list.getByText('Lease.pdf')).toBeTruthy();
      expect(list.getByText('240 kB · 3 pages')).toBeTruthy();
      expect(await screen.findByText('The PDF was added.', {}, soon)).toBeTruthy();
      const [upload] = requestsTo(requests, 'POST', '/files');
      expect(upload?.headers['content-type']).toBe('application/pdf');
      expect(upload?.body.startsWith('%PDF-1.7')).toBe(true);
      expect(new URL(upload?.url ?? '', 'http://x').searchParams.get('name')).toBe('Lease.pdf');

      chooseFile(new File(['just words'], 'notes.txt', { type: 'text/plain' }));
      expect(await files.findByText('notes.txt is not a PDF. Choose a PDF file.', {}, soon)).toBeTruthy();
      expect(requestsTo(requests, 'POST', '/files')).toHaveLength(1);

      chooseFile(new File(['not really a pdf'], 'Fake.pdf', { type: 'application/pdf' }));
      expect(await files.findByText(/Wrong file type. Only PDF files can be uploaded./, {}, soon)).toBeTruthy();
      expect(requestsTo(requests, 'POST', '/files')).toHaveLength(2);
      expect(list.queryByText('Fake.pdf')).toBeNull();
    },
  );

  it('removes a knowledge file after asking', slow, async () => {
    const requests = await open({
      ...defaultAssistantSettings(documentId),
      KnowledgeFiles: [knowledgeFile('kf_9', 'Lease.pdf')],
    });
    const user = userEvent.setup();
    await user.click(region('Additional documents').getByRole('button', { name: 'Remove Lease.pdf' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Lease.pdf?' }, soon));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No additional documents yet.', {}, soon)).toBeTruthy();
    expect(requestsTo(requests, 'DELETE', '/files/kf_9')).toHaveLength(1);
  });

  it('clears the settings after asking, and keeps them when the owner says no', slow, async () => {
    const requests = await open({
      ...defaultAssistantSettings(documentId),
      Enabled: true,
      FirstMessage: 'Welcome to the lease!',
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear settings' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Clear the assistant settings?' }, soon));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), soon);
    expect(requestsTo(requests, 'POST', '/clear')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear settings' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Clear the assistant settings?' }, soon));
    await user.click(dialog.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('The assistant settings are cleared.', {}, soon)).toBeTruthy();
    expect(requestsTo(requests, 'POST', '/clear')).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: 'First message' }) as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByRole('switch', { name: /Use the AI assistant Phil/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('tests Phil: says to save first, then shows the answer and its source', slow, async () => {
    const requests = await open();
    const user = userEvent.setup();
    await user.click(region('General settings').getByRole('switch', { name: /Use the AI assistant Phil/ }));
    await user.click(screen.getByRole('button', { name: 'Test Phil' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Test Phil' }, soon));
    expect(dialog.getByText(/save first to test them/)).toBeTruthy();
    await user.type(dialog.getByRole('textbox', { name: 'Your question' }), 'When is the rent due?');
    await user.click(dialog.getByRole('combobox', { name: 'Answer in' }));
    await user.click(await screen.findByRole('option', { name: 'Español' }));
    await user.click(dialog.getByRole('button', { name: 'Ask' }));
    expect(await dialog.findByText('The rent is due on the first day of each month.', {}, soon)).toBeTruthy();
    expect(dialog.getByText('Page 2 of Lease.pdf: “Rent is paid in advance by the 1st.”')).toBeTruthy();
    const [asked] = requestsTo(requests, 'POST', '/test');
    expect(ZAssistantTestRequest.parse(JSON.parse(asked?.body ?? '{}'))).toEqual({
      Question: 'When is the rent due?',
      History: [],
      Language: 'es',
    });
    await expectNoAxeViolations();
  });
});
