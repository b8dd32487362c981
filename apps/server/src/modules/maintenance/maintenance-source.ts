import fs from 'node:fs/promises';
import { type MaintenanceItem, ZMaintenanceFile } from '@signlink/contracts/maintenance/maintenance-item';
import type { FastifyBaseLogger } from 'fastify';

export interface MaintenanceSourceInput {
  /** `<DATA_DIR>/maintenance.json`, re-read whenever it changes. */
  file: string;
  /** MAINTENANCE_JSON: wins over the file when set. */
  json: string | undefined;
  log: FastifyBaseLogger;
}

export interface MaintenanceSource {
  /**
   * The announced item, or null when there is none or what the operator wrote is not one. `maxAgeMs`: the file's
   * last look may be that old (every API call asks; a stat each would queue behind the PDF and file work in libuv's
   * thread pool); without it the file is looked at now (the app's `GET /maintenance.json`).
   */
  current(options?: { maxAgeMs?: number }): Promise<MaintenanceItem | null>;
}

/**
 * The operator's maintenance item. A mistake in it is logged and treated as no item: a typo in an announcement must
 * never take the service down (or down for maintenance). The file is stat-ed (at most as often as the caller asks) and
 * parsed again only when its modification time or size changed.
 */
export function createMaintenanceSource({ file, json, log }: MaintenanceSourceInput): MaintenanceSource {
  if (json !== undefined && json.trim() !== '') {
    const item = parseItem(json, 'MAINTENANCE_JSON', log);
    return { current: async () => item };
  }
  let seen: { version: string; item: MaintenanceItem | null } = { version: 'absent', item: null };
  let lookedAt = Number.NEGATIVE_INFINITY;
  return {
    async current({ maxAgeMs = 0 } = {}) {
      if (performance.now() - lookedAt < maxAgeMs) return seen.item;
      lookedAt = performance.now();
      const version = await versionOf(file);
      if (version === seen.version) return seen.item;
      const text = version === 'absent' ? null : await fs.readFile(file, 'utf8').catch(() => null);
      seen = { version, item: text === null ? null : parseItem(text, file, log) };
      return seen.item;
    },
  };
}

async function versionOf(file: string): Promise<string> {
  try {
    const stat = await fs.stat(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'absent';
  }
}

function parseItem(text: string, origin: string, log: FastifyBaseLogger): MaintenanceItem | null {
  // An empty file is how an operator clears an announcement without deleting it.
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    log.error({ origin, err: error }, 'maintenance item ignored: not JSON');
    return null;
  }
  const parsed = ZMaintenanceFile.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'item'}: ${issue.message}`);
  log.error({ origin, problems }, 'maintenance item ignored: not a valid item');
  return null;
}
