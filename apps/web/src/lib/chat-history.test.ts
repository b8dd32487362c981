import { assistantLimits } from '@signlink/contracts/assistant/assistant-settings';
import { describe, expect, it } from 'vitest';
import { historyOf } from './chat-history.ts';

const exchange = (index: number, text = `Answer ${index}`) => ({
  question: `Question ${index}`,
  answer: { Text: text, Sources: [], IsUnknown: false },
});

describe('the history sent with a question', () => {
  it('keeps the latest turns the contract allows, oldest first', () => {
    const exchanges = Array.from({ length: 15 }, (_, index) => exchange(index));
    const history = historyOf(exchanges);
    expect(history).toHaveLength(assistantLimits.maxHistoryTurns);
    expect(history[0]).toEqual({ Role: 'visitor', Text: 'Question 5' });
    expect(history.at(-1)).toEqual({ Role: 'assistant', Text: 'Answer 14' });
  });

  it('cuts a long answer to the length a turn may have', () => {
    const [, answer] = historyOf([exchange(1, 'x'.repeat(assistantLimits.maxMessageChars + 50))]);
    expect(answer?.Text).toHaveLength(assistantLimits.maxMessageChars);
  });
});
