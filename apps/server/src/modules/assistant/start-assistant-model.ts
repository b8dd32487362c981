import { createLlmProvider } from '@signlink/providers/llm/create-llm-provider';
import type { LlmProvider } from '@signlink/providers/llm/llm.port';
import {
  type RunningOpenAiSimulator,
  SIMULATOR_MODEL,
  startOpenAiSimulator,
} from '@signlink/simulators/openai/openai-simulator';
import type { Config } from '../../config/config.ts';

/** A throwaway key the local OpenAI stand-in accepts. */
export const simulatorLlmApiKey = 'sk-signlink-simulator';

export interface RunningAssistantModel {
  /** Absent with the offline assistant (no LLM_BASE_URL): it answers from the document's own text, with no model. */
  provider: LlmProvider | undefined;
  /** The OpenAI stand-in, with LLM_SIMULATOR: tests read what the model was given and queue failures. */
  simulator: RunningOpenAiSimulator | undefined;
  stop(): Promise<void>;
}

/**
 * Opens the assistant's chat model as configured: an OpenAI-compatible API at LLM_BASE_URL, or, with LLM_SIMULATOR
 * and simulators on, our OpenAI simulator on loopback with the real adapter pointed at it, so e2e runs and server
 * tests go through the official SDK; otherwise none, and the assistant runs offline. The offline assistant is the
 * default with simulators on too: it needs no model at all.
 */
export async function startAssistantModel(
  config: Pick<Config, 'assistant' | 'llmSimulator'>,
): Promise<RunningAssistantModel> {
  if (config.assistant.driver === 'openai-compatible') {
    return { provider: createLlmProvider(config.assistant), simulator: undefined, stop: async () => {} };
  }
  if (config.llmSimulator) {
    const simulator = await startOpenAiSimulator({ apiKey: simulatorLlmApiKey });
    const provider = createLlmProvider({
      driver: 'openai-compatible',
      baseUrl: simulator.url,
      apiKey: simulatorLlmApiKey,
      model: SIMULATOR_MODEL,
    });
    return { provider, simulator, stop: () => simulator.close() };
  }
  return { provider: undefined, simulator: undefined, stop: async () => {} };
}
