import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { isLocale } from '@signlink/contracts/locales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaintenance } from './maintenance-context.ts';
import { hasSeenNotice, markNoticeSeen, noticeTextOf } from './maintenance-notices.ts';

/**
 * SPEC section 4's dashboard notice: a banner on the signed-in dashboard from the item's notice date until the
 * window starts. Closing it hides it for this item in this tab.
 */
export function MaintenanceDashboardNotice() {
  const { t, i18n } = useTranslation();
  const { snapshot, watcher } = useMaintenance();
  const [, setDismissed] = useState(0);
  const item = snapshot?.item;
  if (!snapshot || !watcher || !item?.dashboardNoticeUtc) return null;
  if (snapshot.state !== 'dashboardNotice' && snapshot.state !== 'preNotice') return null;
  if (hasSeenNotice(window.sessionStorage, item, 'dashboardNotice')) return null;
  const locale = isLocale(i18n.language) ? i18n.language : 'en-us';
  const { title, text, when } = noticeTextOf({
    item,
    notice: 'dashboardNotice',
    locale,
    serverNow: watcher.serverNow(),
    t,
  });
  const dismiss = () => {
    markNoticeSeen(window.sessionStorage, item, 'dashboardNotice');
    setDismissed((count) => count + 1);
  };
  return (
    <Alert
      severity="info"
      role="note"
      sx={{ mb: 3 }}
      onClose={dismiss}
      closeText={t('maintenance.dashboardNotice.dismiss')}
    >
      <AlertTitle component="h2">{title}</AlertTitle>
      {text}
      {when ? ` ${when}` : null}
    </Alert>
  );
}
