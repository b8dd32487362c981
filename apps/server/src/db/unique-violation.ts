/**
 * PostgreSQL's unique_violation (23505), from node-postgres or PGlite, directly or wrapped by drizzle
 * (which keeps the driver's error as `cause`).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
    if (typeof current !== 'object') return false;
  }
  return false;
}
