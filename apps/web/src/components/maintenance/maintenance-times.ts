import type { MaintenanceItem } from '@signlink/contracts/maintenance/maintenance-item';

/** The window's start and end in the visitor's language and time zone, with the weekday when not today. */
export function maintenanceTimesOf(item: MaintenanceItem, language: string, serverNow: number) {
  const start = new Date(item.startUtc);
  const end = new Date(item.endUtc);
  const isSameDay = (date: Date) => date.toDateString() === new Date(serverNow).toDateString();
  const format = (date: Date) =>
    new Intl.DateTimeFormat(language, {
      ...(isSameDay(date) ? {} : { weekday: 'long', day: 'numeric', month: 'long' }),
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  return {
    start: format(start),
    end: format(end),
    /** Whole minutes left until the start, by the server's clock; never below one before it. */
    minutes: Math.max(1, Math.ceil((start.getTime() - serverNow) / 60_000)),
  };
}
