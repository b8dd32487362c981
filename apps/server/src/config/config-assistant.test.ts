import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig: the assistant's model", () => {
  it('is offline by default, without the simulator', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.assistant).toEqual({ driver: 'offline' });
    expect(config.llmSimulator).toBe(false);
  });

  it('is an OpenAI-compatible API at LLM_BASE_URL, with gpt-4o-mini unless LLM_MODEL says otherwise', () => {
    const config = loadConfig({ NODE_ENV: 'test', LLM_BASE_URL: 'http://localhost:11434/v1' });
    expect(config.assistant).toEqual({
      driver: 'openai-compatible',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: '',
      model: 'gpt-4o-mini',
    });
  });

  it('is the simulator with LLM_SIMULATOR and simulators on', () => {
    expect(loadConfig({ NODE_ENV: 'test', LLM_SIMULATOR: '1' }).llmSimulator).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', LLM_SIMULATOR: '0' }).llmSimulator).toBe(false);
  });

  it('refuses LLM_SIMULATOR with simulators off or beside a real model', () => {
    expect(problemsOf({ NODE_ENV: 'test', SIMULATORS: 'off', LLM_SIMULATOR: '1' })).toEqual([
      'LLM_SIMULATOR: needs SIMULATORS on',
    ]);
    expect(problemsOf({ NODE_ENV: 'test', LLM_SIMULATOR: '1', LLM_BASE_URL: 'https://api.openai.com/v1' })).toEqual([
      'LLM_SIMULATOR: not used with LLM_BASE_URL (a real model)',
    ]);
    expect(problemsOf({ NODE_ENV: 'test', LLM_SIMULATOR: 'maybe' })).toEqual([
      expect.stringMatching(/^LLM_SIMULATOR: /),
    ]);
  });
});
