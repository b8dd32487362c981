import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { signLinkAccessToken } from './link-access-token.ts';

/** A RequestToken as `links/{id}/access` issues it after a link without a gate. */
export async function requestTokenFor(testApp: TestApp, linkId: string, now?: Date) {
  const { token } = await signLinkAccessToken(testApp.context.config.sessionSecret, { linkId, gate: 'none' }, now);
  return token;
}

/** signature_pad's `toData()`: one stroke per entry, points with time and pressure. */
export function drawing(seed = 1): string {
  return JSON.stringify([
    {
      penColor: 'rgb(0, 0, 0)',
      minWidth: 0.5,
      maxWidth: 2.5,
      points: [
        { x: 10 * seed, y: 40, time: 1_700_000_000_000, pressure: 0.5 },
        { x: 60, y: 10 + seed, time: 1_700_000_000_016, pressure: 0.5 },
        { x: 120, y: 70, time: 1_700_000_000_032, pressure: 0.5 },
      ],
    },
  ]);
}

export const signInk = (testApp: TestApp, linkId: string, payload: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/links/${linkId}/sign/ink`,
    payload,
    headers: { 'user-agent': 'Mozilla/5.0 (test phone)' },
  });

export async function signedEventsOf(testApp: TestApp, documentId: string) {
  const rows = await testApp.database.db
    .select()
    .from(documentEvents)
    .where(sql`${documentEvents.documentId} = ${documentId} and ${documentEvents.type} = 'signed'`);
  return rows;
}

/** Seal jobs queued for the document, in pg-boss's own table. */
export async function sealJobsOf(testApp: TestApp, documentId: string): Promise<number> {
  const { rows } = await testApp.database.executeSql(
    `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'sealing.seal-document' AND data->>'documentId' = $1`,
    [documentId],
  );
  return (rows[0] as { count: number }).count;
}
