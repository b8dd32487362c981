import { assistantUsageLimits } from '@signlink/contracts/assistant/assistant-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addUsage, findUsage, listConversations, lockUsage } from '../assistant/assistant.repository.ts';
import {
  askThroughLink,
  enabledSettings,
  fixture,
  linkAssistantPath,
  seedAssistantDocument,
  uploadKnowledge,
} from '../assistant/assistant-test-helpers.ts';
import { callApi, signInTeam, type Team } from '../documents/documents-test-helpers.ts';
import { requestTokenFor } from '../links/link-signing.test-helpers.ts';

/**
 * The visitor's chat with Phil on the embedded defaults (issue 28, part 3): offered only where the owner turned it on,
 * with the owner's messages or the defaults in the answers' language; answers stream as JSON lines; counted per link
 * and per account; the turns kept only where the owner keeps conversations.
 */
let testApp: TestApp;
let team: Team;

beforeAll(async () => {
  testApp = await buildTestApp();
  team = await signInTeam(testApp);
}, 90_000);
afterAll(async () => {
  await testApp?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

async function visitorOf(settings?: Record<string, unknown>) {
  const seeded = await seedAssistantDocument(testApp, { owner: team.regular, title: 'Lease' });
  if (settings) {
    const saved = await callApi(testApp, team.regular, 'PUT', `app/ai/phil/settings/${seeded.documentId}`, settings);
    if (saved.statusCode !== 200) throw new Error(`settings: ${saved.statusCode} ${saved.body}`);
  }
  const linkCode = seeded.parties[0]?.linkCode ?? '';
  return { ...seeded, linkCode, token: await requestTokenFor(testApp, linkCode) };
}

const findAssistant = (linkCode: string, token: string, language: string) =>
  testApp.app.inject({
    method: 'GET',
    url: linkAssistantPath(linkCode),
    query: { RequestToken: token, Language: language },
  });

describe('what the recipient page is offered', () => {
  it('is off until the owner turns Phil on, then gives his messages in the visitor’s language', async () => {
    const visitor = await visitorOf();
    const off = await findAssistant(visitor.linkCode, visitor.token, 'sv');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ Enabled: false, EnableSpeech: false, FirstMessage: '' });

    await callApi(testApp, team.regular, 'PUT', `app/ai/phil/settings/${visitor.documentId}`, {
      ...enabledSettings({ EnableSpeech: false, InitMessage: 'Fråga om hyran!' }),
    });
    const on = await findAssistant(visitor.linkCode, visitor.token, 'es');
    expect(on.json()).toMatchObject({
      Enabled: true,
      EnableSpeech: false,
      Language: 'es',
      InitMessage: 'Fråga om hyran!',
    });
    expect(on.json().FirstMessage).toMatch(/^¡Hola! Soy Phil/);
    expect(on.json().CompletionMessage).toMatch(/^¡Gracias!/);
  });

  it("follows the owner's language when it is not `auto`", async () => {
    const visitor = await visitorOf(enabledSettings({ Language: 'sv' }));
    const found = await findAssistant(visitor.linkCode, visitor.token, 'en-us');
    expect(found.json()).toMatchObject({ Language: 'sv' });
    expect(found.json().FirstMessage).toMatch(/^Hej! Jag är Phil/);
  });

  it('refuses a RequestToken of another link', async () => {
    const visitor = await visitorOf(enabledSettings());
    const other = await visitorOf(enabledSettings());
    const wrong = await findAssistant(visitor.linkCode, other.token, 'sv');
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'ACCESS_FAILED']);
  });
});

describe("the visitor's questions on the offline assistant", () => {
  it('streams the quoted passage with its page, then the answer counted for the link and the account', async () => {
    const visitor = await visitorOf(enabledSettings());
    expect(
      (await uploadKnowledge(testApp, team.regular, visitor.documentId, fixture('crazyones-pdfa.pdf'), 'Crazy.pdf'))
        .statusCode,
    ).toBe(201);
    const accountBefore =
      (await findUsage(testApp.database.db, { scopeKind: 'account', scopeId: visitor.accountId, day: today() }))
        ?.messages ?? 0;

    const vienna = await askThroughLink(testApp, visitor.linkCode, {
      RequestToken: visitor.token,
      Question: '¿Qué país tiene Vienna como capital?',
      Language: 'es',
    });
    expect(vienna.response.statusCode, vienna.response.body).toBe(200);
    expect(vienna.response.headers['cache-control']).toBe('no-store');
    expect(vienna.types).toEqual(['text', 'done']);
    expect(vienna.text).toMatch(/^En la página 3 de Lease\.pdf: «.*Vienna/s);
    expect(vienna.answer).toMatchObject({
      IsUnknown: false,
      Sources: [{ Kind: 'document', Title: 'Lease.pdf', Page: 3 }],
    });
    const conversationId = vienna.answer?.ConversationId;

    const crazy = await askThroughLink(testApp, visitor.linkCode, {
      RequestToken: visitor.token,
      Question: 'Who are the misfits and the rebels?',
      History: [
        { Role: 'visitor', Text: '¿Qué país tiene Vienna como capital?' },
        { Role: 'assistant', Text: vienna.text },
      ],
      Language: 'en-us',
      ConversationId: conversationId,
    });
    expect(crazy.answer?.ConversationId).toBe(conversationId);
    expect(crazy.answer?.Sources[0]).toMatchObject({ Kind: 'knowledge', Title: 'Crazy.pdf', Page: 1 });

    expect(await listConversations(testApp.database.db, visitor.documentId)).toMatchObject([
      { id: conversationId, linkId: visitor.linkCode, provider: 'offline', messages: 2, costMinor: 0, turns: null },
    ]);
    const link = await findUsage(testApp.database.db, { scopeKind: 'link', scopeId: visitor.linkCode, day: today() });
    expect(link?.messages).toBe(2);
    const account = await findUsage(testApp.database.db, {
      scopeKind: 'account',
      scopeId: visitor.accountId,
      day: today(),
    });
    expect(account?.messages).toBe(accountBefore + 2);
  });

  it('keeps the turns only where the owner keeps conversations, each question added to the same row', async () => {
    const visitor = await visitorOf(enabledSettings({ StoreConversations: true }));
    const first = await askThroughLink(testApp, visitor.linkCode, {
      RequestToken: visitor.token,
      Question: 'Vienna capital?',
      Language: 'en-us',
    });
    await askThroughLink(testApp, visitor.linkCode, {
      RequestToken: visitor.token,
      Question: 'Vad kostar parkeringen?',
      Language: 'sv',
      ConversationId: first.answer?.ConversationId,
    });
    const [conversation] = await listConversations(testApp.database.db, visitor.documentId);
    expect(conversation?.turns?.map((turn) => [turn.role, turn.text.slice(0, 24)])).toEqual([
      ['visitor', 'Vienna capital?'],
      ['assistant', first.text.slice(0, 24)],
      ['visitor', 'Vad kostar parkeringen?'],
      ['assistant', 'Jag vet inte. Jag hittar'],
    ]);

    // The owner reads them; a test chat of theirs is listed as one, and no other role or account reads any.
    await callApi(testApp, team.regular, 'POST', `app/ai/phil/settings/${visitor.documentId}/test`, {
      Question: 'Vienna?',
      Language: 'en-us',
    });
    const listed = await callApi(
      testApp,
      team.regular,
      'GET',
      `app/ai/phil/settings/${visitor.documentId}/conversations`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const [test, visit] = listed.json().Conversations;
    expect(test).toMatchObject({ IsTest: true, PartyName: null, Messages: 1, Turns: null, Cost: 0 });
    expect(visit).toMatchObject({ IsTest: false, PartyName: 'Party 1', Messages: 2, Cost: 0 });
    expect(visit.Turns.map((turn: { Role: string }) => turn.Role)).toEqual([
      'visitor',
      'assistant',
      'visitor',
      'assistant',
    ]);
    const stranger = await callApi(
      testApp,
      team.otherAdmin,
      'GET',
      `app/ai/phil/settings/${visitor.documentId}/conversations`,
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('refuses before answering when Phil is off, and counts nothing', async () => {
    const visitor = await visitorOf();
    const refused = await askThroughLink(testApp, visitor.linkCode, {
      RequestToken: visitor.token,
      Question: 'Vienna?',
      Language: 'sv',
    });
    expect([refused.response.statusCode, refused.response.json().code]).toEqual([404, 'AI_ASSISTANT_DISABLED']);
    expect(refused.response.json().message).toBeTruthy();
    expect(await listConversations(testApp.database.db, visitor.documentId)).toEqual([]);
  });

  it("refuses with AI_LIMIT_REACHED once the link has used its day's messages", async () => {
    const visitor = await visitorOf(enabledSettings());
    const scope = { scopeKind: 'link' as const, scopeId: visitor.linkCode, day: today() };
    await testApp.database.db.transaction(async (tx) => {
      await lockUsage(tx, scope);
      await addUsage(tx, scope, {
        messages: assistantUsageLimits.messagesPerLinkPerDay,
        promptTokens: 0,
        completionTokens: 0,
      });
    });
    const refused = await askThroughLink(testApp, visitor.linkCode, {
      RequestToken: visitor.token,
      Question: 'Vienna?',
      Language: 'en-us',
    });
    expect([refused.response.statusCode, refused.response.json().code]).toEqual([429, 'AI_LIMIT_REACHED']);
    expect(refused.response.json().details).toEqual({ scope: 'link' });
    expect(await listConversations(testApp.database.db, visitor.documentId)).toEqual([]);
  });

  it('refuses a question that is empty or too long, as any invalid input', async () => {
    const visitor = await visitorOf(enabledSettings());
    for (const Question of ['   ', 'x'.repeat(1_001)]) {
      const refused = await askThroughLink(testApp, visitor.linkCode, {
        RequestToken: visitor.token,
        Question,
        Language: 'en-us',
      });
      expect(refused.response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
