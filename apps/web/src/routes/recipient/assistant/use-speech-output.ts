import type { Locale } from '@signlink/contracts/locales';
import { useCallback, useRef, useState } from 'react';
import { speechTagOf } from './speech-language.ts';

function findSynthesis(): SpeechSynthesis | undefined {
  return typeof window.speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined'
    ? undefined
    : window.speechSynthesis;
}

/** Speech out through the browser's own voices: each finished answer, while the person has it switched on. */
export function useSpeechOutput({ language, isAllowed }: { language: Locale; isAllowed: boolean }) {
  const [isSupported] = useState(() => Boolean(findSynthesis()));
  const [isOn, setIsOnState] = useState(false);
  const isOnRef = useRef(isOn);
  isOnRef.current = isOn;

  const cancel = useCallback(() => findSynthesis()?.cancel(), []);
  const setIsOn = useCallback(
    (on: boolean) => {
      setIsOnState(on);
      if (!on) cancel();
    },
    [cancel],
  );
  const speak = useCallback(
    (text: string) => {
      const synthesis = findSynthesis();
      if (!isOnRef.current || !synthesis || !text.trim()) return;
      // A new answer replaces the one still being read.
      synthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = speechTagOf(language);
      synthesis.speak(utterance);
    },
    [language],
  );

  return { isAvailable: isAllowed && isSupported, isOn, setIsOn, speak, cancel };
}
