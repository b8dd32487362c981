import type { Locale } from '@signlink/contracts/locales';
import { useCallback, useEffect, useRef, useState } from 'react';
import { speechTagOf } from './speech-language.ts';

/** The part of the Web Speech API's recognition we use; not in TypeScript's DOM types everywhere. */
interface RecognitionResultList {
  readonly length: number;
  readonly [index: number]: { readonly isFinal: boolean; readonly [alternative: number]: { transcript: string } };
}
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function findRecognition(): RecognitionConstructor | undefined {
  const speechWindow = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return speechWindow.SpeechRecognition ?? speechWindow.webkitSpeechRecognition;
}

/** The failures worth telling the person; others ('no-speech', 'aborted') only switch the microphone off. */
export type SpeechInFailure = 'blocked' | 'network' | 'noMicrophone';
const failures: Record<string, SpeechInFailure> = {
  'not-allowed': 'blocked',
  'service-not-allowed': 'blocked',
  network: 'network',
  'audio-capture': 'noMicrophone',
};

interface SpeechRecognitionInput {
  language: Locale;
  /** The owner allows speech; without it, or without the browser's engine, there is no microphone. */
  isAllowed: boolean;
  /** What was heard so far; `isFinal` once the person stopped speaking. */
  onTranscript: (text: string, isFinal: boolean) => void;
}

/** Speech in through the browser's own recognition: one utterance per press of the microphone. */
export function useSpeechRecognition({ language, isAllowed, onTranscript }: SpeechRecognitionInput) {
  const [isSupported] = useState(() => Boolean(findRecognition()));
  const [isListening, setIsListening] = useState(false);
  const [failure, setFailure] = useState<SpeechInFailure | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const onTranscriptRef = useRef(onTranscript);
  onTranscriptRef.current = onTranscript;

  const stop = useCallback(() => {
    recognition.current?.abort();
    recognition.current = null;
    setIsListening(false);
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(() => {
    const Constructor = findRecognition();
    if (!Constructor) return;
    const current = new Constructor();
    current.lang = speechTagOf(language);
    current.interimResults = true;
    current.continuous = false;
    current.onresult = ({ results }) => {
      let text = '';
      for (let index = 0; index < results.length; index++) text += results[index]?.[0]?.transcript ?? '';
      const isFinal = Boolean(results[results.length - 1]?.isFinal);
      onTranscriptRef.current(text, isFinal);
      if (isFinal) stop();
    };
    current.onerror = ({ error }) => {
      setFailure(failures[error] ?? null);
      stop();
    };
    current.onend = () => {
      if (recognition.current === current) recognition.current = null;
      setIsListening(false);
    };
    recognition.current = current;
    setFailure(null);
    setIsListening(true);
    current.start();
  }, [language, stop]);

  const toggle = useCallback(() => (recognition.current ? stop() : start()), [start, stop]);

  return { isAvailable: isAllowed && isSupported, isListening, failure, toggle, stop };
}
