import { type Storage, StorageNotFoundError } from '@signlink/providers/storage/storage.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newFieldAccessKey, newId } from '../../lib/ids.ts';
import { insertAssistantCopy, prepareAssistantCopy } from '../assistant/copy-assistant-settings.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import { type DocumentInsert, insertDraftCopy } from './document-flags.repository.ts';
import { type FileRow, listFilesOf, listPartiesOf, type PartyRow } from './documents.repository.ts';
import { accessMapOf, noPartyProgress } from './drafts.service.ts';

export type NewPartyValues = Omit<PartyRow, 'id' | 'documentId' | 'accessKey' | 'createdAt'>;

export interface CopyDocumentInput {
  source: DocumentRow;
  /** The new row's own values (kind, state, title, owner, links to a template or public link...). */
  document: Omit<DocumentInsert, 'id' | 'originalSha256' | 'language' | 'accountId'> &
    Partial<Pick<DocumentInsert, 'language'>>;
  /** Maps each source party to the copy's (return null to leave the slot out); default: copied as they are. */
  party?: (party: PartyRow) => NewPartyValues | null;
  /**
   * Runs in the transaction that writes the copy, after its rows: checks again under a lock, writes history,
   * reserves balance. Throwing rolls the copy back and removes its copied bytes.
   */
  inTransaction?: (tx: Transaction, copy: { documentId: string; parties: PartyRow[] }) => Promise<void>;
}

/** What a copied party starts from: the source's slot without any progress or contact history. */
export function partyValuesOf(party: PartyRow): NewPartyValues {
  return {
    signatureIndex: party.signatureIndex,
    role: party.role,
    name: party.name,
    email: party.email,
    phone: party.phone,
    invitationMethod: party.invitationMethod,
    signatureType: party.signatureType,
    message: party.message,
    getPaid: party.getPaid,
    paymentProductId: party.paymentProductId,
    getPaidLabel: party.getPaidLabel,
    ...noPartyProgress,
  };
}

/**
 * A new document row copied from `source`: its files (bytes copied, as storage keys are per document, and checked
 * against their SHA-256), its parties with new access keys, the files' rules with the copy's access map. Used by
 * duplication, templates (made from and used as drafts), public links' masters and each public-link visit. The rows
 * are written in one transaction with the caller's `inTransaction`, with the assistant's settings and knowledge
 * files; copied bytes are removed again when it fails.
 */
export async function copyDocument(
  deps: { db: Database; storage: Storage },
  input: CopyDocumentInput,
): Promise<{ documentId: string; parties: PartyRow[] }> {
  const { source } = input;
  const [files, parties] = await Promise.all([listFilesOf(deps.db, source.id), listPartiesOf(deps.db, [source.id])]);
  const documentId = newId('doc');
  const now = new Date();
  const newParties: PartyRow[] = [];
  for (const party of parties) {
    const values = input.party ? input.party(party) : partyValuesOf(party);
    if (!values) continue;
    newParties.push({ ...values, id: newId('pty'), documentId, accessKey: newFieldAccessKey(), createdAt: now });
  }
  // The copy's slots open with the copy's parties' keys, as a draft's access map always does (drafts.service).
  const access = accessMapOf(newParties);
  const copiedKeys: string[] = [];
  try {
    const newFiles: FileRow[] = [];
    for (const file of files) {
      const fileId = newId('fil');
      const storageKey = `documents/${documentId}/${fileId}.pdf`;
      const body = await deps.storage.get({ key: file.storageKey }).catch((error: unknown) => {
        if (!(error instanceof StorageNotFoundError)) throw error;
        throw new AppError('DOCUMENT_SAVE_FAILED', {
          details: { reason: 'file-missing', fileId: file.id },
          cause: error,
        });
      });
      const stored = await deps.storage.put({ key: storageKey, body, contentType: 'application/pdf' });
      copiedKeys.push(storageKey);
      if (stored.sha256 !== file.sha256) {
        throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'file-copy-differs', fileId: file.id } });
      }
      newFiles.push({ ...file, id: fileId, documentId, storageKey, rules: { ...file.rules, access }, createdAt: now });
    }
    const assistant = await prepareAssistantCopy(deps, {
      sourceDocumentId: source.id,
      documentId,
      files: files.map((file, index) => ({ from: file.id, to: newFiles[index]?.id ?? '' })),
    });
    copiedKeys.push(...assistant.copiedKeys);
    await deps.db.transaction(async (tx) => {
      await insertDraftCopy(tx, {
        document: {
          language: source.language,
          settings: source.settings,
          message: source.message,
          accessLevel: source.accessLevel,
          createdAt: now,
          updatedAt: now,
          lastActivityAt: now,
          ...input.document,
          id: documentId,
          accountId: source.accountId,
          originalSha256: source.originalSha256,
        },
        files: newFiles,
        parties: newParties,
      });
      await insertAssistantCopy(tx, documentId, assistant);
      await input.inTransaction?.(tx, { documentId, parties: newParties });
    });
  } catch (error) {
    await Promise.allSettled(copiedKeys.map((key) => deps.storage.delete({ key })));
    throw error;
  }
  return { documentId, parties: newParties };
}
