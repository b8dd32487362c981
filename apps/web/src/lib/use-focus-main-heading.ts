import { useEffect, useRef } from 'react';
import { focusMainHeadingWhenShown } from './focus-main-heading.ts';

/**
 * Focus on the main heading whenever `screen` changes after the first render (a navigation, the step after login);
 * the first screen of a visit keeps the browser's start, at the top with the skip link.
 */
export function useFocusMainHeadingOnChange(screen: string): void {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const previous = shown.current;
    shown.current = screen;
    if (previous === null || previous === screen) return;
    return focusMainHeadingWhenShown(document);
  }, [screen]);
}
