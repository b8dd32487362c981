import type { AssistantAnswer } from '@signlink/contracts/assistant/assistant-settings';
import type { Locale } from '@signlink/contracts/locales';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { type Exchange, historyOf } from '../../../lib/chat-history.ts';
import { readAssistantStream } from './assistant-stream.ts';
import type { LinkAssistantApi } from './link-assistant-api.ts';

/** The answer being written: its question, and the text so far. */
export interface PendingAnswer {
  question: string;
  text: string;
}

/** A question that got no answer: the stream's own message, or the failed call (its catalogue message). */
export interface FailedAnswer {
  question: string;
  message: string | null;
  error: unknown;
}

interface AssistantChatInput {
  api: LinkAssistantApi;
  language: Locale;
  /** Each finished answer, for reading it aloud. */
  onAnswer: (answer: AssistantAnswer) => void;
  onAccessExpired: () => void;
}

/**
 * One visit's conversation with Phil: each question streams its answer in (assistant-stream.ts); the first answer's
 * ConversationId and the latest turns go back with the next question, so the server counts one conversation.
 */
export function useAssistantChat({ api, language, onAnswer, onAccessExpired }: AssistantChatInput) {
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  const [failure, setFailure] = useState<FailedAnswer | null>(null);
  const conversationId = useRef<string | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const exchangesRef = useRef(exchanges);
  exchangesRef.current = exchanges;
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setPending(null);
  }, []);
  useEffect(() => cancel, [cancel]);

  const ask = useCallback(
    async (question: string) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setFailure(null);
      setPending({ question, text: '' });
      let answer: AssistantAnswer | null = null;
      let streamFailure: string | null = null;
      try {
        const response = await api.ask(
          {
            Question: question,
            History: historyOf(exchangesRef.current),
            Language: language,
            ConversationId: conversationId.current,
          },
          current.signal,
        );
        await readAssistantStream(response, (event) => {
          if (current.signal.aborted) return;
          if (event.Type === 'text') setPending((was) => was && { ...was, text: was.text + event.Text });
          // The server tries again after a failed attempt: what it wrote so far is not the answer.
          else if (event.Type === 'restart') setPending((was) => was && { ...was, text: '' });
          else if (event.Type === 'done') answer = event.Answer;
          else streamFailure = event.Message;
        });
      } catch (error) {
        if (current.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') onAccessExpired();
        setPending(null);
        setFailure({ question, message: null, error });
        return;
      }
      if (current.signal.aborted) return;
      controller.current = null;
      setPending(null);
      const finished = answer as AssistantAnswer | null;
      if (!finished) {
        setFailure({ question, message: streamFailure, error: null });
        return;
      }
      conversationId.current ??= finished.ConversationId;
      setExchanges((was) => [...was, { question, answer: finished }]);
      onAnswerRef.current(finished);
    },
    [api, language, onAccessExpired],
  );

  return { exchanges, pending, failure, ask, cancel };
}
