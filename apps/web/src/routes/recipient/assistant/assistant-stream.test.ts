import type { AssistantStreamEvent } from '@signlink/contracts/assistant/link-assistant';
import { describe, expect, it } from 'vitest';
import { readAssistantStream } from './assistant-stream.ts';

/** A Response whose body arrives cut at the given byte offsets, as a network may cut it. */
function responseCutAt(text: string, cuts: number[]) {
  const bytes = new TextEncoder().encode(text);
  const bounds = [0, ...cuts, bytes.length];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 1; index < bounds.length; index++) {
        controller.enqueue(bytes.slice(bounds[index - 1], bounds[index]));
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
}

describe('reading an answer’s stream', () => {
  it('gives each line’s event once whole, however the chunks cut lines and characters', async () => {
    const text = [
      '{"Type":"text","Text":"Hyran är"}',
      '{"Type":"restart"}',
      'not an event',
      '{"Type":"done","Answer":{"Text":"x","Sources":[],"IsUnknown":false}}',
    ].join('\n');
    // Inside the first line's key, inside the two bytes of "ä", and inside the restart line.
    const inside = new TextEncoder().encode('{"Type":"text","Text":"Hyran ').length + 1;
    const events: AssistantStreamEvent[] = [];
    await readAssistantStream(responseCutAt(text, [5, inside, inside + 20]), (event) => events.push(event));
    expect(events).toEqual([
      { Type: 'text', Text: 'Hyran är' },
      { Type: 'restart' },
      { Type: 'done', Answer: { Text: 'x', Sources: [], IsUnknown: false } },
    ]);
  });
});
