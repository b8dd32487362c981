import { useEffect } from 'react';

/**
 * Asks the browser to confirm leaving the page (closing the tab, reloading) while `isActive`: the editor's changes
 * are waiting to be saved or failed to save, and would be lost. Browsers show their own text, not ours.
 */
export function useLeaveWarning(isActive: boolean) {
  useEffect(() => {
    if (!isActive) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chrome and Safari ask only when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isActive]);
}
