import { createTranslator } from '@signlink/i18n/create-translator';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import { findSeal } from './seal.repository.ts';

/** What the sealing keeps of a completed document: the sealed PDF, and the audit trail alone. */
export type SealedFileKind = 'sealed-pdf' | 'audit-trail';

const storageKeys = { 'sealed-pdf': 'sealedStorageKey', 'audit-trail': 'auditTrailStorageKey' } as const;

/** "Lease.pdf", and "Lease - Verifikat.pdf": the audit trail named in the document's language, as it is written. */
function fileNameOf(document: Pick<DocumentRow, 'title' | 'language' | 'settings'>, kind: SealedFileKind) {
  if (kind === 'sealed-pdf') return `${document.title}.pdf`;
  const t = createTranslator(documentLocaleOf(document));
  return `${document.title} - ${t('sealing:auditTrail.title')}.pdf`;
}

/**
 * The sender's side: whoever may see the document may download both ("allow downloading" limits the parties, not the
 * sender's company). The parties' own download goes through their link.
 */
export async function openSealedFile(
  { db, storage }: { db: Database; storage: Storage },
  { actor, documentId, kind }: { actor: Actor; documentId: string; kind: SealedFileKind },
) {
  const document = await findDocumentForActor(db, { actor, documentId, action: 'document.view' });
  return readSealedFile({ db, storage }, { document, kind });
}

/** One of the sealed files, whoever asks: the sender's downloads above and the parties' through their links. */
export async function readSealedFile(
  { db, storage }: { db: Database; storage: Storage },
  { document, kind }: { document: Pick<DocumentRow, 'id' | 'title' | 'language' | 'settings'>; kind: SealedFileKind },
) {
  const seal = await findSeal(db, document.id);
  const key = seal?.status === 'sealed' ? seal[storageKeys[kind]] : null;
  if (!key) throw new AppError('DOCUMENT_NOT_SEALED');
  return { fileName: fileNameOf(document, kind), body: await storage.get({ key }) };
}
