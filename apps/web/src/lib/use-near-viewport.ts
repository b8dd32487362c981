import { createContext, type RefObject, useContext, useEffect, useState } from 'react';

/**
 * One IntersectionObserver for all pages (issue 6: responsive on a 200-page PDF): a page draws only while it is
 * within a screen or two of the visible part, and each page listens for itself, so scrolling re-renders only the
 * pages that come near or go away.
 */
export interface NearViewportObserver {
  observe(element: Element, onChange: (isNear: boolean) => void): () => void;
}

export function createNearViewportObserver(root: Element | null, margin = '1200px 0px'): NearViewportObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  const listeners = new Map<Element, (isNear: boolean) => void>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { root, rootMargin: margin },
  );
  return {
    observe(element, onChange) {
      listeners.set(element, onChange);
      observer.observe(element);
      return () => {
        listeners.delete(element);
        observer.unobserve(element);
      };
    },
  };
}

export const NearViewportContext = createContext<NearViewportObserver | null>(null);

/** Whether the element is near the viewport; without an observer (jsdom) the first pages count as near. */
export function useIsNearViewport(ref: RefObject<Element | null>, fallback: boolean): boolean {
  const observer = useContext(NearViewportContext);
  const [isNear, setIsNear] = useState(observer ? false : fallback);
  useEffect(() => {
    const element = ref.current;
    if (!observer || !element) return;
    return observer.observe(element, setIsNear);
  }, [observer, ref]);
  return isNear;
}
