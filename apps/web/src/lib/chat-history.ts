import { type AssistantAnswer, assistantLimits, type ChatTurn } from '@signlink/contracts/assistant/assistant-settings';

export interface Exchange {
  question: string;
  answer: AssistantAnswer;
}

/** What goes back with a question: the latest turns the contract allows, each cut to its length limit. */
export function historyOf(exchanges: readonly Exchange[]): ChatTurn[] {
  return exchanges
    .flatMap(({ question, answer }): ChatTurn[] => [
      { Role: 'visitor', Text: question.slice(0, assistantLimits.maxMessageChars) },
      { Role: 'assistant', Text: answer.Text.slice(0, assistantLimits.maxMessageChars) },
    ])
    .slice(-assistantLimits.maxHistoryTurns);
}
