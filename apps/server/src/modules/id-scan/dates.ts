export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * 24 * 3600_000);
}
