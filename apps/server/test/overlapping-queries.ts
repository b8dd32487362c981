import pg from 'pg';

/**
 * Records every query sent on a node-postgres client while that client was still running another: node-postgres 8
 * queues it (and warns from the third on), version 9 will refuse it. Only PostgreSQL tests see anything; PGlite has
 * no such client. Call `stop()` after the code under test.
 */
export function watchOverlappingQueries() {
  const overlaps: string[] = [];
  const original = pg.Client.prototype.query;
  const patched = function (this: pg.Client, ...args: unknown[]) {
    const client = this as unknown as { _activeQuery?: unknown; _queryQueue?: unknown[] };
    if (client._activeQuery || (client._queryQueue?.length ?? 0) > 0) {
      const [config] = args;
      overlaps.push(typeof config === 'string' ? config : String((config as { text?: string })?.text));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = patched as typeof original;
  return {
    overlaps,
    stop() {
      pg.Client.prototype.query = original;
    },
  };
}
