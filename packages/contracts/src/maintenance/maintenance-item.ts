import { z } from 'zod';
import type { Locale } from '../locales.ts';

/** One language's wording of a notice: a short title and its text. */
const ZMaintenanceText = z.object({
  title: z.string().trim().min(1).max(200),
  desc: z.string().trim().min(1).max(2000),
});
export type MaintenanceText = z.infer<typeof ZMaintenanceText>;

/** A notice in the three languages: en-us is required, Swedish and Spanish fall back to it when left out. */
const ZMaintenanceTexts = z.object({
  'en-us': ZMaintenanceText,
  sv: ZMaintenanceText.optional(),
  es: ZMaintenanceText.optional(),
});
export type MaintenanceTexts = z.infer<typeof ZMaintenanceTexts>;

/**
 * SPEC section 3, maintenance item: the window (start to end, in UTC), when each notice begins, and the wording of
 * each. `message` is the maintenance page's; a notice left out shows the app's own wording.
 */
export const ZMaintenanceItem = z
  .object({
    startUtc: z.iso.datetime({ offset: true }),
    endUtc: z.iso.datetime({ offset: true }),
    /** From when the signed-in dashboard shows a banner, until the window starts; none without it. */
    dashboardNoticeUtc: z.iso.datetime({ offset: true }).optional(),
    /** The pre-notice popup shows once, this many minutes before the start. */
    preNoticeMinutes: z.number().int().min(0).max(10_080).default(60),
    /** For this many minutes after the start a visitor who loaded the app before it sees the last notice. */
    lastNoticeMinutes: z.number().int().min(0).max(1440).default(5),
    message: ZMaintenanceTexts,
    preNotice: ZMaintenanceTexts.optional(),
    lastNotice: ZMaintenanceTexts.optional(),
    dashboardNotice: ZMaintenanceTexts.optional(),
  })
  .refine((item) => Date.parse(item.endUtc) > Date.parse(item.startUtc), {
    message: 'endUtc must be after startUtc',
    path: ['endUtc'],
  })
  .refine((item) => !item.dashboardNoticeUtc || Date.parse(item.dashboardNoticeUtc) <= Date.parse(item.startUtc), {
    message: 'dashboardNoticeUtc must not be after startUtc',
    path: ['dashboardNoticeUtc'],
  });
export type MaintenanceItem = z.infer<typeof ZMaintenanceItem>;
export type MaintenanceItemInput = z.input<typeof ZMaintenanceItem>;

/** `GET /maintenance.json` (DECISIONS): the one announced item, or `null` when none is. */
export const ZMaintenanceFile = ZMaintenanceItem.nullable();
export type MaintenanceFile = z.infer<typeof ZMaintenanceFile>;

/** A notice's wording in the visitor's language, or en-us's when the operator wrote none in it. */
export function maintenanceTextOf(texts: MaintenanceTexts | undefined, locale: Locale): MaintenanceText | undefined {
  if (!texts) return undefined;
  return texts[locale] ?? texts['en-us'];
}

/** A stable id of an item, so "already shown" is remembered per announced window and not across windows. */
export function maintenanceItemKey(item: Pick<MaintenanceItem, 'startUtc' | 'endUtc'>): string {
  return `${Date.parse(item.startUtc)}-${Date.parse(item.endUtc)}`;
}
