import type { LinkAssistant } from '@signlink/contracts/assistant/link-assistant';
import type { Locale } from '@signlink/contracts/locales';
import { useEffect, useState } from 'react';
import type { LinkAssistantApi } from './link-assistant-api.ts';

/**
 * The link's assistant in the page's language, or null while it loads, when it is off, or when asking failed: the
 * page then simply offers no chat. A plain effect, not TanStack Query: the recipient's frame does without it
 * (recipient-app.tsx keeps the first page's JavaScript small).
 */
export function useLinkAssistant(api: LinkAssistantApi, language: Locale): LinkAssistant | null {
  const [assistant, setAssistant] = useState<LinkAssistant | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.find(language, controller.signal).then(
      (found) => {
        if (!controller.signal.aborted) setAssistant(found.Enabled ? found : null);
      },
      () => {
        if (!controller.signal.aborted) setAssistant(null);
      },
    );
    return () => controller.abort();
  }, [api, language]);
  return assistant;
}
