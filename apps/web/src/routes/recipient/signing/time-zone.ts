/**
 * getTimezoneOffset() as the server reads it (SPEC TimeZoneOffsetMinutes): minutes behind UTC, -60 in Stockholm's
 * winter. A module of its own: the page needs it, not the ink contract's rules ink-data.ts imports.
 */
export function timeZoneOffsetMinutes(now = new Date()): number {
  return now.getTimezoneOffset();
}
