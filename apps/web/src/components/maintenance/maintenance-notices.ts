import type { Locale } from '@signlink/contracts/locales';
import {
  type MaintenanceItem,
  maintenanceItemKey,
  maintenanceTextOf,
} from '@signlink/contracts/maintenance/maintenance-item';
import type { TFunction } from 'i18next';
import { maintenanceTimesOf } from './maintenance-times.ts';

export type MaintenanceNotice = 'preNotice' | 'lastNotice' | 'dashboardNotice';

/** Per tab and per announced window (SPEC section 4: each popup once); a new window is announced afresh. */
const storageKeyOf = (item: MaintenanceItem, notice: MaintenanceNotice) =>
  `signlink.maintenance.${maintenanceItemKey(item)}.${notice}`;

export function hasSeenNotice(storage: Storage, item: MaintenanceItem, notice: MaintenanceNotice): boolean {
  return storage.getItem(storageKeyOf(item, notice)) !== null;
}

export function markNoticeSeen(storage: Storage, item: MaintenanceItem, notice: MaintenanceNotice): void {
  storage.setItem(storageKeyOf(item, notice), '1');
}

export interface NoticeTextInput {
  item: MaintenanceItem;
  notice: MaintenanceNotice;
  locale: Locale;
  serverNow: number;
  t: TFunction;
}

/** A notice's title and text: the operator's own in the visitor's language, else ours, with the window's times. */
export function noticeTextOf({ item, notice, locale, serverNow, t }: NoticeTextInput) {
  const times = maintenanceTimesOf(item, locale, serverNow);
  const own = maintenanceTextOf(item[notice], locale);
  const when = t(`maintenance.${notice}.message`, times);
  return own ? { title: own.title, text: own.desc, when } : { title: t(`maintenance.${notice}.title`), text: when };
}
