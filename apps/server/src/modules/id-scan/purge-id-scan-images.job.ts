import type { Storage } from '@signlink/providers/storage/storage.port';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import { deleteIdScanImageFiles } from './id-scan-images.ts';
import { listDueIdScanImages } from './id-scans.repository.ts';

const batchSize = 500;
/** A scan's images not checked within a day were abandoned (the page gives up on a check after two minutes). */
const abandonedAfterMs = 24 * 3600_000;

/** Deletes every image whose retention ended by `now`, and abandoned scans' images, in batches; returns how many. */
export async function purgeDueIdScanImages(deps: { db: Database; storage: Storage }, now: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await listDueIdScanImages(deps.db, {
      now,
      abandonedBefore: new Date(now.getTime() - abandonedAfterMs),
      limit: batchSize,
    });
    if (due.length === 0) break;
    await deleteIdScanImageFiles(deps, due, now);
    purged += due.length;
    if (due.length < batchSize) break;
  }
  return purged;
}

/**
 * Deletes the ID-scan images whose retention has ended (ID_SCAN_IMAGE_RETENTION_DAYS after their check). Idempotent:
 * a file already gone deletes without error and its row is marked; a missed run leaves them for the next hour.
 */
export const purgeIdScanImagesJob = defineJob({
  id: 'id-scan.purge-images',
  schema: z.object({}),
  handler: async ({ context }) => {
    const purged = await purgeDueIdScanImages(
      { db: context.database.db, storage: context.services.storage },
      new Date(),
    );
    if (purged > 0) context.logger.info({ count: purged }, 'Purged ID-scan images past their retention');
  },
  retry: { limit: 0 },
  expireInSeconds: 10 * 60,
  concurrency: 1,
});

/** Hourly, at a minute no other sweep uses. */
export const purgeIdScanImagesSchedule = defineSchedule({ job: purgeIdScanImagesJob, cron: '47 * * * *', data: {} });
