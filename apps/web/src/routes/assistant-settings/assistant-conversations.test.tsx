import type { AssistantConversation } from '@signlink/contracts/assistant/assistant-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assistantConversation,
  assistantDocumentId,
  defaultAssistantSettings,
  startAssistantServer,
} from '../../../test/assistant-fixtures.ts';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations, setViewport } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import type { RecordedRequest, TestHttpServer } from '../../../test/test-http-server.ts';
import { formatDateTime } from '../../components/documents/format-date.ts';

/** A lazy screen's first load on a machine shared by many test runs; then the screen's own answers. */
const firstScreen = { timeout: 15_000 };
const soon = { timeout: 5_000 };
const slow = { timeout: 30_000 };

let server: TestHttpServer | undefined;
afterEach(async () => {
  setViewport(1024);
  await server?.close();
  server = undefined;
});

async function open(conversations: AssistantConversation[]) {
  server = await startAssistantServer({ initial: defaultAssistantSettings(assistantDocumentId), conversations });
  renderAppAt(`#/document/${assistantDocumentId}/assistant`, { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'Conversations' }, firstScreen);
  return server.requests;
}

const requestsTo = (requests: RecordedRequest[], method: string, suffix: string) =>
  requests.filter((request) => request.method === method && pathOf(request.url).endsWith(suffix));

const conversationsRegion = () => within(screen.getByRole('region', { name: 'Conversations' }));
const findList = async () =>
  within(await conversationsRegion().findByRole('list', { name: 'Conversations with Phil' }, soon));

const keptTurns: AssistantConversation['Turns'] = [
  { Role: 'visitor', Text: 'When is the rent due?', At: '2026-11-27T09:15:00.000Z' },
  { Role: 'assistant', Text: 'On the first day of each month.', At: '2026-11-27T09:15:05.000Z' },
];

describe('the conversations on /document/{id}/assistant (SPEC section 7)', () => {
  it('says there are none yet', slow, async () => {
    await open([]);
    expect(await conversationsRegion().findByText('No conversations yet.', {}, soon)).toBeTruthy();
    expect(conversationsRegion().queryByRole('list')).toBeNull();
  });

  it('expands a kept visitor conversation into its turns, and folds it again', slow, async () => {
    await open([assistantConversation({ Turns: keptTurns })]);
    const item = within((await findList()).getByRole('listitem', { name: 'Anna Andersson' }));
    expect(item.getByText(`${formatDateTime('2026-11-27T09:15:00.000Z', 'en-us')} · 2 messages`)).toBeTruthy();
    const toggle = item.getByRole('button', { name: 'Show messages' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(item.queryByText('When is the rent due?')).toBeNull();

    const user = userEvent.setup();
    await user.click(toggle);
    const turns = within(item.getByRole('list', { name: 'Messages' }));
    expect(turns.getAllByRole('listitem').map((turn) => turn.textContent)).toEqual([
      'VisitorWhen is the rent due?',
      'PhilOn the first day of each month.',
    ]);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide messages');

    await user.click(toggle);
    expect(item.queryByRole('list', { name: 'Messages' })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when turns were not kept: never for a test chat, and how to keep a visitor’s', slow, async () => {
    await open([
      assistantConversation({ Id: 'acv_2', PartyName: null, IsTest: true, Messages: 1 }),
      assistantConversation({ Id: 'acv_1' }),
    ]);
    const list = await findList();
    const test = within(list.getByRole('listitem', { name: 'Your test chat' }));
    expect(test.getByText('The messages of a test chat are not kept.')).toBeTruthy();
    expect(test.getByText(/· 1 message$/)).toBeTruthy();
    expect(test.queryByRole('button')).toBeNull();
    const visitor = within(list.getByRole('listitem', { name: 'Anna Andersson' }));
    expect(
      visitor.getByText(
        "The messages were not kept. Switch on “Keep visitors' conversations” under Advanced settings to keep them from now on.",
      ),
    ).toBeTruthy();
    expect(visitor.queryByRole('button')).toBeNull();
  });

  it('shows the cost in its currency only where there was one', slow, async () => {
    await open([
      assistantConversation({ Id: 'acv_2', PartyName: 'Bo Berg', Tokens: 2_400, Cost: 1_234, Currency: 'EUR' }),
      assistantConversation({ Id: 'acv_1' }),
    ]);
    const list = await findList();
    expect(list.getByRole('listitem', { name: 'Bo Berg' }).textContent).toContain('· 2 messages · Cost 12.34 EUR');
    expect(list.getByRole('listitem', { name: 'Anna Andersson' }).textContent).not.toContain('Cost');
  });

  it('shows twenty at first and the rest on request', slow, async () => {
    const many = Array.from({ length: 23 }, (_, index) =>
      assistantConversation({ Id: `acv_${index}`, PartyName: `Party ${index + 1}` }),
    );
    await open(many);
    const list = await findList();
    expect(list.getAllByRole('listitem')).toHaveLength(20);
    expect(conversationsRegion().getByText('Showing 20 of 23.')).toBeTruthy();
    await userEvent.setup().click(conversationsRegion().getByRole('button', { name: 'Show more' }));
    expect(list.getAllByRole('listitem')).toHaveLength(23);
    expect(list.getByRole('listitem', { name: 'Party 23' })).toBeTruthy();
    expect(conversationsRegion().queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('counts a test session as one conversation, read again after each answer', slow, async () => {
    const requests = await open([]);
    await conversationsRegion().findByText('No conversations yet.', {}, soon);
    const reads = () => requestsTo(requests, 'GET', '/conversations').length;
    expect(reads()).toBe(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Test Phil' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Test Phil' }, soon));
    for (const [index, question] of ['When is the rent due?', 'And the deposit?'].entries()) {
      await user.type(dialog.getByRole('textbox', { name: 'Your question' }), question);
      await user.click(dialog.getByRole('button', { name: 'Ask' }));
      await waitFor(() => expect(dialog.getAllByText(/The rent is due/)).toHaveLength(index + 1), soon);
      await waitFor(() => expect(reads()).toBe(index + 2), soon);
    }
    const asked = requestsTo(requests, 'POST', '/test').map((request) => JSON.parse(request.body).ConversationId);
    expect(asked).toEqual([undefined, 'acv_test_1']);

    // The title's close icon and the actions' Close button do the same.
    const [close] = dialog.getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), soon);
    const list = await findList();
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    expect(list.getByRole('listitem', { name: 'Your test chat' }).textContent).toContain('· 2 messages');
  });

  it('fits a phone with a conversation open and passes axe', slow, async () => {
    setViewport(390);
    await open([assistantConversation({ Turns: keptTurns, Cost: 5, Tokens: 900 })]);
    const item = within((await findList()).getByRole('listitem', { name: 'Anna Andersson' }));
    await userEvent.setup().click(item.getByRole('button', { name: 'Show messages' }));
    expect(item.getByText('On the first day of each month.')).toBeTruthy();
    await expectNoAxeViolations();
  });
});
