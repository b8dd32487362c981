import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { loadConfig } from '../../config/config.ts';
import { startAssistantModel } from './start-assistant-model.ts';

async function collectText(model: Awaited<ReturnType<typeof startAssistantModel>>, question: string) {
  let text = '';
  for await (const chunk of model.provider?.streamChat({ messages: [{ role: 'user', content: question }] }) ?? []) {
    if (chunk.kind === 'text') text += chunk.text;
  }
  return text;
}

describe('startAssistantModel', () => {
  it('opens no model for the offline assistant', async () => {
    const model = await startAssistantModel(loadConfig({ NODE_ENV: 'test' }));
    expect(model.provider).toBeUndefined();
    expect(model.simulator).toBeUndefined();
    await model.stop();
  });

  it('runs the real adapter against the simulator with LLM_SIMULATOR', async () => {
    const model = await startAssistantModel(loadConfig({ NODE_ENV: 'test', LLM_SIMULATOR: '1' }));
    try {
      expect(model.provider).toMatchObject({ name: 'openai-compatible', model: 'signlink-simulator' });
      expect(await collectText(model, 'Is anyone there?')).toBe(
        'You asked: "Is anyone there?". The document does not say.',
      );
      expect(model.simulator?.controls.requests).toHaveLength(1);
    } finally {
      await model.stop();
    }
  });

  it('points the adapter at LLM_BASE_URL when one is configured, and starts nothing', async () => {
    const model = await startAssistantModel(
      loadConfig({ NODE_ENV: 'test', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_API_KEY: 'sk-x', LLM_MODEL: 'm-1' }),
    );
    expect(model.provider).toMatchObject({ name: 'openai-compatible', model: 'm-1' });
    expect(model.simulator).toBeUndefined();
    // Port 9 (discard) answers nothing on loopback: the adapter really went there.
    await expect(collectText(model, 'Hello?')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it("is in the test app's context when a test asks for the simulator, and closed with it", async () => {
    const testApp = await buildTestApp({ env: { LLM_SIMULATOR: '1' } });
    const simulator = testApp.assistantModel.simulator;
    try {
      expect(testApp.app.context.assistantModel.provider).toBe(testApp.assistantModel.provider);
      expect(await collectText(testApp.assistantModel, 'Anyone?')).toContain('Anyone?');
      expect(simulator?.controls.requests).toHaveLength(1);
    } finally {
      await testApp.close();
    }
    await expect(fetch(`${simulator?.controlUrl}/requests`)).rejects.toThrow();
  });
});
