import type { LlmProvider } from './llm.port.ts';
import { createOpenAiCompatibleProvider, type OpenAiCompatibleConfig } from './openai-compatible.adapter.ts';

export type LlmConfig = { driver: 'openai-compatible' } & OpenAiCompatibleConfig;

/** The one place that picks the chat-model adapter from configuration (a vendor's API, or the simulator via `baseUrl`). */
export function createLlmProvider(config: LlmConfig): LlmProvider {
  switch (config.driver) {
    case 'openai-compatible': {
      const { driver: _driver, ...openAi } = config;
      return createOpenAiCompatibleProvider(openAi);
    }
    default: {
      const driver: never = config.driver;
      throw new Error(`Unknown chat-model driver: ${driver as string}`);
    }
  }
}
