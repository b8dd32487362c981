import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AssistantStreamEvent, ZAssistantStreamEvent } from '@signlink/contracts/assistant/link-assistant';
import type { TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { fixturePdfDirectory } from '../../../test/seed-signed-document.ts';
import type { Caller } from '../documents/documents-test-helpers.ts';

export const fixture = (name: string) => new Uint8Array(readFileSync(join(fixturePdfDirectory, name)));

export const settingsPath = (documentId: string, rest = '') =>
  `/v2/linktinker/app/ai/phil/settings/${documentId}${rest}`;

/** A shared document of `owner`'s whose one file (multicolumn.pdf: an EU table on page 3) is really stored. */
export async function seedAssistantDocument(
  testApp: TestApp,
  input: { owner: Caller; language?: 'en-us' | 'sv' | 'es'; accessLevel?: 'private' | 'shared'; title?: string },
) {
  return seedDocument(testApp.database.db, {
    owner: input.owner,
    accessLevel: input.accessLevel ?? 'shared',
    language: input.language ?? 'en-us',
    ...(input.title ? { title: input.title } : {}),
    storage: testApp.context.storage,
    pdf: {
      bytes: fixture('multicolumn.pdf'),
      pageSizes: Array.from({ length: 3 }, () => ({ width: 612, height: 792 })),
    },
    fields: [
      {
        id: 'f1',
        type: 'text',
        signatureIndex: 0,
        page: 2,
        x: 50,
        y: 50,
        width: 200,
        height: 20,
        required: true,
        label: 'Monthly rent in kronor',
      },
    ],
  });
}

export function uploadKnowledge(
  testApp: TestApp,
  caller: Caller,
  documentId: string,
  bytes: Uint8Array,
  name?: string,
) {
  return testApp.app.inject({
    method: 'POST',
    url: settingsPath(documentId, `/files${name ? `?name=${encodeURIComponent(name)}` : ''}`),
    headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/pdf' },
    payload: Buffer.from(bytes),
  });
}

export async function storedKeysUnder(testApp: TestApp, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of testApp.context.storage.list({ prefix })) keys.push(...page.map((object) => object.key));
  return keys;
}

/** The settings an owner saves to turn Phil on, with what a test changes. */
export function enabledSettings(overrides: Record<string, unknown> = {}) {
  return {
    Enabled: true,
    EnableSpeech: true,
    Language: 'auto',
    Version: 'phil-1',
    FirstMessage: '',
    InitMessage: '',
    CompletionMessage: '',
    AdditionalInstructions: '',
    StoreConversations: false,
    ...overrides,
  };
}

export const linkAssistantPath = (linkCode: string, rest = '') => `/v2/linktinker/links/${linkCode}/ai/phil${rest}`;

/** A visitor's question through the link, the streamed answer read as its JSON lines. */
export async function askThroughLink(testApp: TestApp, linkCode: string, body: Record<string, unknown>) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: linkAssistantPath(linkCode, '/ask'),
    payload: body,
  });
  const isStream = response.headers['content-type']?.toString().startsWith('application/x-ndjson') ?? false;
  const events: AssistantStreamEvent[] = isStream
    ? response.body
        .split('\n')
        .filter(Boolean)
        .map((line) => ZAssistantStreamEvent.parse(JSON.parse(line)))
    : [];
  const done = events.find((event) => event.Type === 'done');
  return {
    response,
    events,
    types: events.map((event) => event.Type),
    text: events.flatMap((event) => (event.Type === 'text' ? [event.Text] : [])).join(''),
    answer: done?.Type === 'done' ? done.Answer : undefined,
  };
}
