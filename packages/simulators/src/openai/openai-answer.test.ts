import { describe, expect, it } from 'vitest';
import { composeAnswer, documentLinesOf, findBestLine, questionOf } from './openai-answer.ts';

describe("the OpenAI simulator's answers", () => {
  it('reads document blocks from system and user messages, never from its own earlier answers', () => {
    const messages = [
      { role: 'system', content: 'Rules.\n<document title="Lease">\n  First line.\n\nSecond line.\n</document>' },
      { role: 'assistant', content: '<document>Not the document.</document>' },
      { role: 'user', content: '<document>Third line.</document> What is in the second line?' },
    ];
    expect(documentLinesOf(messages)).toEqual(['First line.', 'Second line.', 'Third line.']);
    expect(questionOf(messages)).toBe('What is in the second line?');
    expect(composeAnswer(messages)).toBe('You asked: "What is in the second line?". The document says: "Second line."');
  });

  it('picks the line sharing the most words, the first on a tie, ignoring case and stop words', () => {
    const lines = [
      'The deposit is paid once.',
      'The DEPOSIT is returned at the end.',
      'Deposit returned within a month.',
    ];
    expect(findBestLine('When is the deposit returned?', lines)).toBe('The DEPOSIT is returned at the end.');
    expect(findBestLine('deposit', lines)).toBe('The deposit is paid once.');
    expect(findBestLine('What is the and for?', lines)).toBeUndefined();
    expect(findBestLine('Hur lång är uppsägningstiden?', ['Uppsägningstiden är tre månader.'])).toBe(
      'Uppsägningstiden är tre månader.',
    );
  });
});
