import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../router.tsx';

/** The translated title of the deepest matched route that has one (route-table.ts). */
export function useRouteTitle(): string | null {
  const { t } = useTranslation();
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined;
    if (handle?.titleKey) return t(handle.titleKey);
  }
  return null;
}
