/** A date `years` calendar years on, in UTC: what plan terms, plan years and add-on years are counted in. */
export function addYearsUtc(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  // 29 February plus a year lands on 1 March; keep it on the last day of February instead.
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0);
  return next;
}
