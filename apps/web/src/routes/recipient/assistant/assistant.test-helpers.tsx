import type { ServerResponse } from 'node:http';
import type { AssistantStreamEvent, LinkAssistant } from '@signlink/contracts/assistant/link-assistant';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { type RecordedRequest, sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { RecipientDocument } from '../signing/recipient-document.tsx';
import { RecipientPageCanvasContext } from '../viewer/page-canvas-context.tsx';

export function linkAssistant(overrides: Partial<LinkAssistant> = {}): LinkAssistant {
  return {
    Enabled: true,
    EnableSpeech: false,
    Language: 'en-us',
    FirstMessage: 'Hi, I am Phil.',
    InitMessage: 'Ask me anything about the lease.',
    CompletionMessage: 'Thank you for signing!',
    ...overrides,
  };
}

/** A link with one two-page file, "Lease 2027", and no fields. */
export function assistantAccess(overrides: Partial<LinkAccessResponse> = {}): LinkAccessResponse {
  return {
    ...accessFixture,
    RequestToken: 'token-1',
    Documents: [
      {
        Title: 'Lease 2027',
        Code: 'FILE1',
        PageCount: 2,
        PageSizes: [
          { width: 595, height: 842 },
          { width: 595, height: 842 },
        ],
        Rules: { fields: [], access: {} },
      },
    ],
    ...overrides,
  };
}

/** One step of a written answer: an event, or a pause the test ends (to look at the answer half written). */
export type StreamStep = AssistantStreamEvent | (() => Promise<void>);
/** What the ask route answers: the lines of a stream, or a refusal before it. */
export type AskAnswer = StreamStep[] | { status: number; body: unknown };

const pieceDelayMs = 30;

/** Writes the answer as the server does: one JSON line at a time, a little apart, so the page sees it grow. */
async function writeStream(response: ServerResponse, steps: StreamStep[]) {
  response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
  for (const step of steps) {
    if (response.destroyed) return;
    if (typeof step === 'function') await step();
    else response.write(`${JSON.stringify(step)}\n`);
    await new Promise((resolve) => setTimeout(resolve, pieceDelayMs));
  }
  response.end();
}

export function doneEvent(
  text: string,
  overrides: Partial<Extract<AssistantStreamEvent, { Type: 'done' }>['Answer']> = {},
) {
  return {
    Type: 'done',
    Answer: { Text: text, Sources: [], IsUnknown: false, ConversationId: 'conv-1', ...overrides },
  } as const satisfies AssistantStreamEvent;
}

interface AssistantServerInput {
  assistant?: LinkAssistant | { status: number; body: unknown };
  /** The answer to the n-th question (0-based). */
  answers?: AskAnswer[];
}

/** The two assistant routes over real HTTP, and the files' bytes; anything else is an unknown link. */
export async function startAssistantServer({ assistant = linkAssistant(), answers = [] }: AssistantServerInput) {
  const asked: RecordedRequest[] = [];
  /** Answers the page stopped reading before they ended. */
  const cancelled: number[] = [];
  const server = await startTestHttpServer((request, response) => {
    if (request.url.includes('/access/file')) {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      response.end('%PDF-1.7');
    } else if (request.method === 'GET' && request.url.includes('/ai/phil?')) {
      if ('Enabled' in assistant) sendJson(response, 200, assistant);
      else sendJson(response, assistant.status, assistant.body);
    } else if (request.method === 'POST' && request.url.endsWith('/ai/phil/ask')) {
      const answer = answers[asked.length] ?? [doneEvent('No more answers.')];
      const index = asked.push(request) - 1;
      response.on('close', () => {
        if (!response.writableFinished) cancelled.push(index);
      });
      if (Array.isArray(answer)) void writeStream(response, answer);
      else sendJson(response, answer.status, answer.body);
    } else {
      sendJson(response, 404, { code: 'INVALID_LINK', message: 'no', requestId: 'r' });
    }
  });
  return { ...server, asked, cancelled };
}

export function renderRecipientDocument(apiBase: string, access: LinkAccessResponse = assistantAccess()) {
  return renderWithApp(
    // jsdom cannot run pdf.js: pages draw nothing, which is all these tests need of them.
    <RecipientPageCanvasContext.Provider value={() => null}>
      <RecipientDocument linkId="ABC123" access={access} onAccessExpired={() => {}} />
    </RecipientPageCanvasContext.Provider>,
    { apiBaseUrl: apiBase },
  );
}

/** A gate a stream waits at until the test opens it. */
export function createGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait: () => opened, open };
}
