import { limits } from '@signlink/contracts/constants';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import { findReferencedStorageKeys } from './storage-references.repository.ts';

export interface SweepOrphanFilesDeps {
  db: Database;
  storage: Storage;
  logger: JobLogger;
}

export interface SweepOutcome {
  /** Objects looked at, and their bytes, before anything was removed. */
  scanned: number;
  scannedBytes: number;
  partialUploads: number;
  partialBytes: number;
  orphans: number;
  orphanBytes: number;
}

const minutes = (count: number) => count * 60_000;
const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Removes what a crash leaves in storage: partial writes, and files no row names (an upload stored before its
 * transaction failed to commit, a second sealed PDF of a seal interrupted before it recorded its file). Safe
 * against work in flight because of age alone: a file is stored before the row that names it commits, so a file
 * younger than `orphanFileMinAgeHours` may belong to an upload still on its way and is never touched. A listing
 * page at a time, so a large bucket never loads into memory; each page's keys are looked up in one go.
 */
export async function sweepOrphanFiles(
  { db, storage, logger }: SweepOrphanFilesDeps,
  { now = new Date() }: { now?: Date } = {},
): Promise<SweepOutcome> {
  const partial = await storage.removeIncompleteUploads({
    startedBefore: new Date(now.getTime() - minutes(limits.partialUploadMaxAgeMinutes)),
  });
  for (const name of partial.names) logger.debug({ name }, 'Removed a partial upload');
  const outcome: SweepOutcome = {
    scanned: 0,
    scannedBytes: 0,
    partialUploads: partial.count,
    partialBytes: partial.bytes,
    orphans: 0,
    orphanBytes: 0,
  };
  const orphanedBefore = now.getTime() - minutes(limits.orphanFileMinAgeHours * 60);
  for await (const page of storage.list()) {
    outcome.scanned += page.length;
    for (const object of page) outcome.scannedBytes += object.size;
    const old = page.filter((object) => object.lastModified.getTime() < orphanedBefore);
    const referenced = await findReferencedStorageKeys(
      db,
      old.map((object) => object.key),
    );
    for (const object of old) {
      if (referenced.has(object.key)) continue;
      // Some keys are chosen again for new content (a form's PDF, an account's logo): one written since the listing
      // may be about to be named by a row that commits, so it stays. Seconds, as HTTP dates (S3's HEAD) carry them.
      const current = await storage.stat({ key: object.key });
      if (!current || wholeSeconds(current.lastModified) > wholeSeconds(object.lastModified)) continue;
      await storage.delete({ key: object.key });
      outcome.orphans += 1;
      outcome.orphanBytes += object.size;
      logger.debug({ key: object.key, size: object.size }, 'Removed an orphan file');
    }
  }
  return outcome;
}
