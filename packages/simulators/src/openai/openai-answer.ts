import type { OpenAiSimMessage } from './openai-simulator-controls.ts';

/*
 * The simulator's model: deterministic, and checkable from outside. It answers the last user message by quoting the
 * line of the text between `<document>` … `</document>` tags (in any system or user message) that shares the most
 * words with the question, the first such line on a tie, so a test sees both what was asked and which part of what
 * the model was given it drew on.
 */

const DOCUMENT_BLOCK = /<document\b[^>]*>([\s\S]*?)<\/document>/gi;
// Words any question shares with any line; counting them would pick lines for nothing.
const STOP_WORDS = new Set(
  'the and for are was were what when where which who why how does did this that with from you your can may will have has not'.split(
    ' ',
  ),
);

function wordsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((word) => word.length >= 3 && !STOP_WORDS.has(word)));
}

/** The lines of every `<document>` block, in the order the messages give them. */
export function documentLinesOf(messages: OpenAiSimMessage[]): string[] {
  const lines: string[] = [];
  for (const message of messages) {
    if (message.role !== 'system' && message.role !== 'user') continue;
    for (const match of message.content.matchAll(DOCUMENT_BLOCK)) {
      for (const line of (match[1] ?? '').split('\n')) {
        const trimmed = line.trim();
        if (trimmed) lines.push(trimmed);
      }
    }
  }
  return lines;
}

/** The last user message without its document blocks: what the person asked. */
export function questionOf(messages: OpenAiSimMessage[]): string {
  const last = messages.findLast((message) => message.role === 'user');
  return (last?.content ?? '').replace(DOCUMENT_BLOCK, ' ').replace(/\s+/g, ' ').trim();
}

/** The line sharing the most words with the question, or undefined when none shares any. */
export function findBestLine(question: string, lines: string[]): string | undefined {
  const asked = wordsOf(question);
  let best: { line: string; shared: number } | undefined;
  for (const line of lines) {
    let shared = 0;
    for (const word of wordsOf(line)) if (asked.has(word)) shared++;
    if (shared > 0 && (!best || shared > best.shared)) best = { line, shared };
  }
  return best?.line;
}

export function composeAnswer(messages: OpenAiSimMessage[]): string {
  const question = questionOf(messages);
  const line = findBestLine(question, documentLinesOf(messages));
  return line
    ? `You asked: "${question}". The document says: "${line}"`
    : `You asked: "${question}". The document does not say.`;
}

/** A word and the space after it per piece, as a model streams its tokens. */
export function splitIntoChunks(answer: string): string[] {
  return answer.match(/\s*\S+\s*/g) ?? [];
}

/** About four characters a token, OpenAI's rule of thumb for English; enough for cost lines in tests. */
export function countTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** As OpenAI counts a prompt: each message's text, 3 tokens of framing per message, and 3 that prime the reply. */
export function countPromptTokens(messages: OpenAiSimMessage[]): number {
  return messages.reduce((sum, message) => sum + 3 + countTokens(message.content), 3);
}
