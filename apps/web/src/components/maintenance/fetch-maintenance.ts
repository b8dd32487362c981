import { type MaintenanceItem, ZMaintenanceFile } from '@signlink/contracts/maintenance/maintenance-item';
import { findServerTimeRoute } from '@signlink/contracts/maintenance/server-time.routes';
import type { ApiClient } from '../../api/api-client.ts';

/**
 * `GET /maintenance.json` beside the API (DECISIONS: static, never cached). A file that is not an item counts as
 * none, as the server treats it; a failed request rejects, so the watcher keeps what it knew.
 */
export async function fetchMaintenanceItem(client: ApiClient): Promise<MaintenanceItem | null> {
  const response = await fetch(new URL('/maintenance.json', client.baseUrl), {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`maintenance.json answered ${response.status}`);
  const parsed = ZMaintenanceFile.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** `GET linktinker/time`, once, quietly: without it the visitor's own clock is used. */
export async function fetchServerTime(client: ApiClient): Promise<number | null> {
  const { utc } = await client.api(findServerTimeRoute, undefined, { silent: true, auth: 'client', extraTries: 0 });
  return Date.parse(utc);
}
