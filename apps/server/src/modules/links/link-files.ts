import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { isPublicLinkCode } from '../public-links/public-link-details.ts';
import { countLinkVisit, findDocumentFile } from './link-access.repository.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import { findLinkForm } from './link-forms.repository.ts';

type GuardDeps = { db: Database; secret: string };

/** One of the document's files, for a recipient past the gate: the RequestToken names the link, the code the file. */
export async function openLinkFile(
  deps: GuardDeps & { storage: Storage },
  { linkId, requestToken, code }: { linkId: string; requestToken: string; code: string },
) {
  const { document } = await requireLinkAccess(deps, linkId, requestToken);
  const file = await findDocumentFile(deps.db, document.id, code);
  if (!file) throw new AppError('NOT_FOUND');
  return { fileName: file.title, body: await deps.storage.get({ key: file.storageKey }) };
}

/** SPEC section 7 `access/report`: the document's name, for the report of a recipient past the gate. */
export async function findLinkReport(
  deps: GuardDeps,
  { linkId, requestToken }: { linkId: string; requestToken: string },
) {
  const { document } = await requireLinkAccess(deps, linkId, requestToken);
  return { Document: { LinkName: document.title } };
}

/** A visit counts on a link that exists; the count needs no gate (SPEC section 7 `links/{id}/visit`). */
export async function recordLinkVisit(db: Database, { linkId, isIe }: { linkId: string; isIe: boolean }) {
  if (await countLinkVisit(db, linkId, isIe)) return;
  // A public link's page makes the same call; its visits are counted when a visitor starts one (start-visit.ts).
  if (!(await isPublicLinkCode(db, linkId))) throw new AppError('INVALID_LINK');
}

/** The form this link's recipient saved or submitted, if any. */
export async function findLinkFormOf(
  deps: GuardDeps,
  { linkId, requestToken }: { linkId: string; requestToken: string },
) {
  const access = await requireLinkAccess(deps, linkId, requestToken);
  return findLinkForm(deps.db, access.link.id);
}
