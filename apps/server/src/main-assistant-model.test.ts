import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/start-server-process.ts';

describe("start-up with the assistant's model simulator", () => {
  it('starts the OpenAI simulator with LLM_SIMULATOR, names it, and stops it with the process', async () => {
    const server = await startServerProcess({ env: { LLM_SIMULATOR: '1' } });
    let controlUrl = '';
    try {
      const line = /OpenAI simulator: +(http:\/\/127\.0\.0\.1:\d+\/v1) \(assistant's model; controls at (\S+)\)/.exec(
        server.output(),
      );
      expect(line, server.output()).not.toBeNull();
      controlUrl = line?.[2] ?? '';
      const requests = await fetch(`${controlUrl}/requests`);
      expect(await requests.json()).toEqual({ data: [] });
    } finally {
      await server.stop();
    }
    await expect(fetch(`${controlUrl}/requests`)).rejects.toThrow();
  }, 90_000);
});
