import { isLocale } from '@signlink/contracts/locales';
import { maintenanceTextOf } from '@signlink/contracts/maintenance/maintenance-item';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { useDialogs } from '../dialogs/dialogs-context.tsx';
import { LoadingPage } from '../full-page/loading-page.tsx';
import { fetchMaintenanceItem, fetchServerTime } from './fetch-maintenance.ts';
import { maintenanceChecks } from './maintenance-checks.ts';
import { MaintenanceContext } from './maintenance-context.ts';
import { hasSeenNotice, markNoticeSeen, noticeTextOf } from './maintenance-notices.ts';
import { maintenanceTimesOf } from './maintenance-times.ts';
import { createMaintenanceWatcher, type MaintenanceWatcher } from './maintenance-watcher.ts';

// Loaded when maintenance comes, not with every page.
const MaintenancePage = lazy(() =>
  import('../full-page/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);
// The page's header shows a signed-in user's menu, whose links need a router, and the page replaces the app's router
// (or the link's page, which has none): in either frame it gets the app-page frame's, with the whole language's texts.
const AppPageFrame = lazy(() => import('../../recipient-app-pages.tsx').then((m) => ({ default: m.AppPageFrame })));

/**
 * SPEC section 4 in either frame: watches the announced maintenance, opens the pre-notice and last-notice popups
 * once each, and while maintenance is active shows the maintenance page in place of the app (which comes back, on
 * the same hash route, when it ends). A call the API refuses for maintenance brings the page at once.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const dialogs = useDialogs();
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en-us';
  const [watcher] = useState(() =>
    createMaintenanceWatcher({
      fetchItem: () => fetchMaintenanceItem(client),
      fetchServerTime: () => fetchServerTime(client),
    }),
  );
  useEffect(() => {
    if (!maintenanceChecks.isOn) return;
    const stopListening = client.onMaintenance((error) => watcher.enterMaintenance(endUtcOf(error.details)));
    watcher.start();
    return () => {
      stopListening();
      watcher.stop();
    };
  }, [client, watcher]);
  const { state, item } = useSyncExternalStore(watcher.subscribe, watcher.getSnapshot);

  useEffect(() => {
    if (!item || (state !== 'preNotice' && state !== 'lastNotice')) return;
    const storage = window.sessionStorage;
    if (hasSeenNotice(storage, item, state)) return;
    markNoticeSeen(storage, item, state);
    const { title, text, when } = noticeTextOf({ item, notice: state, locale, serverNow: watcher.serverNow(), t });
    void dialogs.info({ title, html: asParagraphs([text, when]) });
  }, [state, item, locale, watcher, dialogs, t]);

  return (
    <MaintenanceContext value={watcher}>
      {state === 'maintenance' ? <MaintenanceScreen watcher={watcher} /> : children}
    </MaintenanceContext>
  );
}

function MaintenanceScreen({ watcher }: { watcher: MaintenanceWatcher }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en-us';
  const { item } = watcher.getSnapshot();
  const own = item ? maintenanceTextOf(item.message, locale) : undefined;
  const until = item ? t('maintenance.page.until', maintenanceTimesOf(item, locale, watcher.serverNow())) : '';
  const description = [own?.desc ?? t('states.maintenance.message'), until].filter(Boolean).join(' ');
  return (
    <Suspense fallback={<LoadingPage />}>
      <AppPageFrame>
        <MaintenancePage title={own?.title} description={description} />
      </AppPageFrame>
    </Suspense>
  );
}

/** The refusal's `details.endUtc`, when the server gave one. */
function endUtcOf(details: unknown): string | undefined {
  const endUtc = (details as { endUtc?: unknown } | undefined)?.endUtc;
  return typeof endUtc === 'string' ? endUtc : undefined;
}

/** The operator's text is shown as text, never as markup, in the info dialog (which takes HTML). */
function asParagraphs(parts: (string | undefined)[]): string {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return parts
    .filter((part): part is string => Boolean(part))
    .map((part) => `<p>${escapeHtml(part)}</p>`)
    .join('');
}
