import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The height from the element's top to the window's bottom, kept on resize: the editor fills the screen under the
 * app's header (whose height varies by brand and width) and scrolls its panels and pages inside, not the window.
 */
export function useFillViewportHeight(ref: RefObject<HTMLElement | null>, minimum = 480): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0;
      setHeight(Math.max(minimum, window.innerHeight - top));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, minimum]);
  return height;
}
