import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AskAnswer,
  assistantAccess,
  createGate,
  doneEvent,
  linkAssistant,
  renderRecipientDocument,
  startAssistantServer,
} from './assistant.test-helpers.tsx';

const wait = { timeout: 5000 };

const signedSlot: LinkSignatureSlot = {
  index: 1,
  type: 4,
  label: 'Tenant',
  hasDefaultLabel: false,
  access: true,
  fields: [],
  signed: true,
  signedAt: '2026-11-28T08:00:00.000Z',
  nameClarificationIsConfirmed: false,
  clarifiedName: null,
  paid: false,
  requiresPayment: false,
  paymentLinkId: null,
  getPaidLabel: null,
  requireEmailVerification: false,
  filledValues: {},
};

async function openChat() {
  fireEvent.click(await screen.findByRole('button', { name: 'Ask Phil' }, wait));
  return screen.findByRole('dialog', { name: 'Chat with Phil' }, wait);
}

/** The bubbles, apart from the hidden announcement that repeats the finished answer. */
const conversation = () => within(screen.getByRole('list', { name: 'Conversation with Phil' }));

function ask(question: string) {
  const box = screen.getByRole('textbox', { name: 'Your question' });
  fireEvent.change(box, { target: { value: question } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

async function setUp(answers: AskAnswer[] = [], assistant = linkAssistant()) {
  const server = await startAssistantServer({ assistant, answers });
  renderRecipientDocument(server.apiBase);
  const dialog = await openChat();
  return { server, dialog };
}

beforeEach(() => {
  // jsdom does not lay out; the browser's scrolling is not ours to test, only that the page asks for it.
  HTMLElement.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  // biome-ignore lint/suspicious/noExplicitAny: removing the stand-in above
  delete (HTMLElement.prototype as any).scrollIntoView;
});

describe('the visitor’s chat with Phil', () => {
  it('offers no button when the link’s assistant is off, or when asking for it fails', async () => {
    const off = await startAssistantServer({ assistant: linkAssistant({ Enabled: false }) });
    const view = renderRecipientDocument(off.apiBase);
    await waitFor(() => expect(off.requests.some((request) => request.url.includes('/ai/phil?'))).toBe(true), wait);
    // The query carries the token and the page's language.
    const query = off.requests.find((request) => request.url.includes('/ai/phil?'))?.url ?? '';
    expect(query).toContain('RequestToken=token-1');
    expect(query).toContain('Language=en-us');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Ask Phil' })).toBeNull();
    view.unmount();

    const failing = await startAssistantServer({
      assistant: { status: 500, body: { code: 'SERVER_ERROR', message: 'x', requestId: 'r' } },
    });
    renderRecipientDocument(failing.apiBase);
    await waitFor(() => expect(failing.requests.some((request) => request.url.includes('/ai/phil?'))).toBe(true), wait);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Ask Phil' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with Phil’s first and init messages, the focus in the question box, and gives it back on close', async () => {
    const { dialog } = await setUp();
    const conversation = within(dialog).getByRole('list', { name: 'Conversation with Phil' });
    const bubbles = within(conversation).getAllByRole('listitem');
    expect(bubbles.map((item) => item.textContent)).toEqual([
      'PhilHi, I am Phil.',
      'PhilAsk me anything about the lease.',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your question' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ask Phil' }));
  });

  it('shows the answer as it is written, then whole with its sources, and announces only the finished answer', async () => {
    const gate = createGate();
    const { dialog } = await setUp([
      [
        { Type: 'text', Text: 'The rent is ' },
        gate.wait,
        { Type: 'text', Text: '9 000 kr a month.' },
        doneEvent('The rent is 9 000 kr a month.', {
          Sources: [
            { Kind: 'document', Title: 'Lease 2027', Page: 2, Quote: 'Rent: 9 000 kr per month' },
            { Kind: 'knowledge', Title: 'House rules', Page: 3, Quote: 'Pets are welcome' },
          ],
        }),
      ],
    ]);
    ask('What is the rent?');
    expect(within(dialog).getByText('What is the rent?')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('assistant-partial-answer').textContent).toBe('The rent is '), wait);
    expect(within(dialog).getByRole('status').textContent).toContain('Phil is writing…');
    expect(screen.getByTestId('assistant-announcer').textContent).toBe('');
    expect(within(dialog).queryByText('Sources')).toBeNull();
    gate.open();

    await within(dialog).findByRole('button', { name: 'Page 2 of Lease 2027' }, wait);
    expect(conversation().getByText('The rent is 9 000 kr a month.')).toBeTruthy();
    expect(screen.queryByTestId('assistant-partial-answer')).toBeNull();
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(screen.getByTestId('assistant-announcer').textContent).toBe('The rent is 9 000 kr a month.');
    expect(within(dialog).getByRole('button', { name: 'Page 2 of Lease 2027' })).toBeTruthy();
    expect(within(dialog).getByText('Rent: 9 000 kr per month')).toBeTruthy();
    // A knowledge file is not in the viewer: its page is named, not linked.
    expect(within(dialog).queryByRole('button', { name: 'Page 3 of House rules' })).toBeNull();
    expect(within(dialog).getByText('Page 3 of House rules')).toBeTruthy();
    expect(within(dialog).getByText('Pets are welcome')).toBeTruthy();
  });

  it('drops what was written when the server starts the answer again', async () => {
    const [failedAttempt, retried] = [createGate(), createGate()];
    const { dialog } = await setUp([
      [
        { Type: 'text', Text: 'Half an ans' },
        failedAttempt.wait,
        { Type: 'restart' },
        { Type: 'text', Text: 'A whole' },
        retried.wait,
        { Type: 'text', Text: ' answer.' },
        doneEvent('A whole answer.'),
      ],
    ]);
    ask('Anything?');
    const partial = () => screen.getByTestId('assistant-partial-answer').textContent;
    await waitFor(() => expect(partial()).toBe('Half an ans'), wait);
    failedAttempt.open();
    await waitFor(() => expect(partial()).toBe('A whole'), wait);
    retried.open();
    await conversation().findByText('A whole answer.', {}, wait);
    expect(within(dialog).queryByText(/Half an ans/)).toBeNull();
  });

  it('says the stream’s error and asks again on “Try again”', async () => {
    const { dialog, server } = await setUp([
      [
        { Type: 'text', Text: 'Let me' },
        { Type: 'error', Code: 'AI_UNAVAILABLE', Message: 'Phil is resting. Try again soon.' },
      ],
      [{ Type: 'text', Text: 'Now I can.' }, doneEvent('Now I can.')],
    ]);
    ask('Are you there?');
    const alert = await within(dialog).findByRole('alert', {}, wait);
    expect(alert.textContent).toContain('Phil is resting. Try again soon.');
    expect(within(dialog).queryByText('Let me')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await conversation().findByText('Now I can.', {}, wait);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(server.asked.map((request) => JSON.parse(request.body).Question)).toEqual([
      'Are you there?',
      'Are you there?',
    ]);
  });

  it('says the catalogue’s message for a refusal before the answer, without a pointless “Try again”', async () => {
    const { dialog, server } = await setUp([
      { status: 429, body: { code: 'AI_LIMIT_REACHED', message: 'limit', requestId: 'req-1' } },
    ]);
    ask('One more?');
    const alert = await within(dialog).findByRole('alert', {}, wait);
    expect(alert.textContent).toContain(
      'The assistant has answered as many questions as it may for now. Try again later.',
    );
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    // A question is sent once: a 429 is not tried again by the client.
    expect(server.asked).toHaveLength(1);
  });

  it('sends the conversation back with the next question: its id and the turns so far', async () => {
    const { server } = await setUp([
      [doneEvent('First answer.', { ConversationId: 'conv-42' })],
      [doneEvent('Second answer.', { ConversationId: 'conv-42' })],
    ]);
    // Shift+Enter starts a new line; Enter sends.
    const box = screen.getByRole('textbox', { name: 'Your question' });
    expect(box.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(box, { target: { value: 'First' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.asked).toHaveLength(0);
    ask('First question?');
    await conversation().findByText('First answer.', {}, wait);
    ask('Second question?');
    await conversation().findByText('Second answer.', {}, wait);

    const [first, second] = server.asked.map((request) => JSON.parse(request.body));
    expect(first).toEqual({ RequestToken: 'token-1', Question: 'First question?', History: [], Language: 'en-us' });
    expect(second).toEqual({
      RequestToken: 'token-1',
      Question: 'Second question?',
      History: [
        { Role: 'visitor', Text: 'First question?' },
        { Role: 'assistant', Text: 'First answer.' },
      ],
      Language: 'en-us',
      ConversationId: 'conv-42',
    });
  });

  it('goes to the source’s page in the viewer: the chat closes and the page is scrolled to', async () => {
    const { dialog } = await setUp([
      [
        doneEvent('See the rent.', {
          Sources: [{ Kind: 'document', Title: 'Lease 2027.pdf', Page: 2, Quote: 'Rent' }],
        }),
      ],
    ]);
    ask('Where is the rent?');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Page 2 of Lease 2027.pdf' }, wait));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    const page = document.getElementById('recipient-page-0-2');
    await waitFor(() => expect(document.activeElement).toBe(page), wait);
    expect(vi.mocked(HTMLElement.prototype.scrollIntoView).mock.contexts).toContain(page);
    // The conversation is kept for the next opening.
    const reopened = await openChat();
    expect(within(reopened).getAllByText('See the rent.')).toHaveLength(2);
  });

  it('adds Phil’s completion message once the visitor has signed, and not for a reader with nothing to sign', async () => {
    const signedAggregates = { ...assistantAccess().Aggregates, userAllSigned: true };
    const server = await startAssistantServer({});
    const view = renderRecipientDocument(
      server.apiBase,
      assistantAccess({ Signatures: [signedSlot], Aggregates: signedAggregates }),
    );
    const dialog = await openChat();
    expect(
      conversation()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['PhilHi, I am Phil.', 'PhilAsk me anything about the lease.', 'PhilThank you for signing!']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    view.unmount();

    renderRecipientDocument(server.apiBase, assistantAccess({ Signatures: [], Aggregates: signedAggregates }));
    await openChat();
    expect(conversation().queryByText('Thank you for signing!')).toBeNull();
  });

  it('stops the answer under way when the chat closes, and gives the question back to ask again', async () => {
    const gate = createGate();
    const { dialog, server } = await setUp([[{ Type: 'text', Text: 'Well' }, gate.wait, doneEvent('Too late.')]]);
    ask('Quick question?');
    await waitFor(() => expect(screen.getByTestId('assistant-partial-answer').textContent).toBe('Well'), wait);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(server.cancelled).toEqual([0]), wait);
    gate.open();

    const reopened = await openChat();
    expect(within(reopened).queryByRole('status')).toBeNull();
    expect(conversation().queryByText('Quick question?')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement).value).toBe(
      'Quick question?',
    );
  });
});
