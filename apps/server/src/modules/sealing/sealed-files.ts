import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { findSeal } from './seal.repository.ts';

/** What the sealing keeps of a completed document: the sealed PDF, and the audit trail alone. */
export type SealedFileKind = 'sealed-pdf' | 'audit-trail';

const files = {
  'sealed-pdf': { key: 'sealedStorageKey', suffix: '' },
  'audit-trail': { key: 'auditTrailStorageKey', suffix: ' - audit trail' },
} as const;

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
  { document, kind }: { document: { id: string; title: string }; kind: SealedFileKind },
) {
  const seal = await findSeal(db, document.id);
  const key = seal?.status === 'sealed' ? seal[files[kind].key] : null;
  if (!key) throw new AppError('DOCUMENT_NOT_SEALED');
  return { fileName: `${document.title}${files[kind].suffix}.pdf`, body: await storage.get({ key }) };
}
