import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';

/** pg-boss's `{ db }` option over our DatabaseHandle, with what shutdown and PGlite need. */
export interface PgBossDb extends PgBoss.Db {
  /** Statements sent and not yet answered. */
  readonly inFlight: number;
  /**
   * After shutdown: statements pg-boss still sends (a late `complete` from a handler abandoned by
   * a non-graceful stop) are never run and never answered, as if the process had died. The job stays
   * active until it expires and another worker runs it; nothing touches a closed database.
   */
  detach(): void;
}

// pg-boss wraps maintenance and its schema scripts in `BEGIN; … COMMIT;` (plans.locked).
const lockedScript = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * Quirk: PGlite runs a parameterless multi-statement script with `exec`, and when a statement in
 * such a script fails, the script's `BEGIN` stays open in the aborted state on PGlite's single
 * connection, so every later statement of the process fails ("current transaction is aborted").
 * PostgreSQL ends it for us. pg-boss fails such scripts on purpose in one case (two instances
 * creating its schema at once: "already exists", caught by pg-boss). So on PGlite the script's body
 * runs inside PGlite's own `transaction()`, which rolls back on error before the next statement.
 */
export function createPgBossDb({
  database,
  rewrite = (text) => text,
}: {
  database: DatabaseHandle;
  /** Changes a statement before it runs (the job queue's holder record in pg-boss's fetch). */
  rewrite?: (text: string) => string;
}): PgBossDb {
  const pglite = database.driver === 'pglite' ? pgliteClientOf(database) : undefined;
  let inFlight = 0;
  let isDetached = false;

  async function run(text: string, values?: unknown[]) {
    const script = pglite && (!values || values.length === 0) ? lockedScript.exec(text) : null;
    if (pglite && script) {
      const results = await pglite.transaction((tx) => tx.exec(script[1] ?? ''));
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    }
    const result = await database.executeSql(text, values);
    // node-postgres answers a multi-statement script with one result per statement, so no `rows`.
    return { rows: result.rows ?? [] };
  }

  return {
    get inFlight() {
      return inFlight;
    },
    detach() {
      isDetached = true;
    },
    async executeSql(text, values) {
      if (isDetached) return new Promise<never>(() => {});
      inFlight += 1;
      try {
        return await run(rewrite(text), values);
      } finally {
        inFlight -= 1;
      }
    },
  };
}

function pgliteClientOf(database: DatabaseHandle): PGlite | undefined {
  // drizzle keeps the client it was built on as `$client` (the test setup reads it the same way).
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  return client && typeof client.transaction === 'function' ? client : undefined;
}
