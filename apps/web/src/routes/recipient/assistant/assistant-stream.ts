import { type AssistantStreamEvent, ZAssistantStreamEvent } from '@signlink/contracts/assistant/link-assistant';

/**
 * Reads an answer written as JSON lines (link-assistant.ts) and hands each event on as it arrives. A line that is not
 * an event is skipped: a stream cut short ends without `done`, which the caller treats as a failure.
 */
export async function readAssistantStream(
  response: Response,
  onEvent: (event: AssistantStreamEvent) => void,
): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const emitLine = (line: string) => {
    if (!line.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return;
    }
    const event = ZAssistantStreamEvent.safeParse(parsed);
    if (event.success) onEvent(event.data);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) emitLine(line);
  }
  emitLine(buffered + decoder.decode());
}
