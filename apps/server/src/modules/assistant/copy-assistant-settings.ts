import type { PageText } from '@signlink/pdf/extract-text';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database, Transaction } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import {
  type AssistantSettingsRow,
  findAssistantSettingsRow,
  findDocumentFileTexts,
  insertDocumentFileText,
  insertKnowledgeFiles,
  type KnowledgeFileRow,
  listKnowledgeFiles,
  upsertAssistantSettings,
} from './assistant.repository.ts';

/** A document's assistant, ready to be written with its copy: the settings and the knowledge files' copied bytes. */
export interface AssistantCopy {
  settings: AssistantSettingsRow | undefined;
  files: KnowledgeFileRow[];
  /** Storage keys written for the copy: removed again when the copy is rolled back. */
  copiedKeys: string[];
  /** The document files' extracted text, under the copy's file ids: the copy's assistant need not read them again. */
  fileTexts: { documentFileId: string; pages: PageText[] }[];
}

/**
 * Issue 28, part 2: the assistant is stored with the document, so duplicating it, making a template of it or a
 * document from a template copies the settings and the knowledge files. Bytes are copied (storage keys are per
 * document, as the document's own files' are), before the copy's transaction; `insertAssistantCopy` writes the rows.
 */
export async function prepareAssistantCopy(
  deps: { db: Database; storage: Storage },
  input: { sourceDocumentId: string; documentId: string; files: { from: string; to: string }[] },
): Promise<AssistantCopy> {
  const [settings, files, texts] = await Promise.all([
    findAssistantSettingsRow(deps.db, input.sourceDocumentId),
    listKnowledgeFiles(deps.db, input.sourceDocumentId),
    findDocumentFileTexts(
      deps.db,
      input.files.map((file) => file.from),
    ),
  ]);
  const fileTexts = input.files.flatMap(({ from, to }) => {
    const pages = texts.get(from);
    return pages && to ? [{ documentFileId: to, pages }] : [];
  });
  const copy: AssistantCopy = { settings, files: [], copiedKeys: [], fileTexts };
  try {
    for (const file of files) {
      const id = newId('akf');
      const key = `documents/${input.documentId}/assistant/${id}.pdf`;
      const stored = await deps.storage.put({
        key,
        body: await deps.storage.get({ key: file.storageKey }),
        contentType: 'application/pdf',
      });
      copy.copiedKeys.push(key);
      if (stored.sha256 !== file.sha256) throw new Error(`knowledge file ${file.id} copied with other bytes`);
      copy.files.push({ ...file, id, documentId: input.documentId, storageKey: key });
    }
  } catch (error) {
    await Promise.allSettled(copy.copiedKeys.map((key) => deps.storage.delete({ key })));
    throw error;
  }
  return copy;
}

export async function insertAssistantCopy(tx: Transaction, documentId: string, copy: AssistantCopy) {
  if (copy.settings) {
    const { documentId: _source, updatedAt: _updated, ...values } = copy.settings;
    await upsertAssistantSettings(tx, documentId, values);
  }
  await insertKnowledgeFiles(tx, copy.files);
  for (const text of copy.fileTexts) await insertDocumentFileText(tx, text);
}
