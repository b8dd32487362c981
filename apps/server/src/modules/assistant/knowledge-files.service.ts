import { type AssistantSettings, assistantLimits } from '@signlink/contracts/assistant/assistant-settings';
import { isPdf } from '@signlink/pdf/detect-pdf';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { countKnowledgeFiles, deleteKnowledgeFile, insertKnowledgeFiles } from './assistant.repository.ts';
import { findAssistantDocument } from './assistant-access.ts';
import { presentSettingsOf } from './assistant-settings.service.ts';

export interface KnowledgeFileDeps {
  db: Database;
  storage: Storage;
  pdf: PdfPool;
}

/** A name as the owner's screen shows it: the uploaded one, or a plain default. */
function fileNameOf(name: string | undefined): string {
  const trimmed = name?.trim().replace(/\p{Cc}/gu, '') ?? '';
  if (!trimmed) return 'knowledge.pdf';
  return /\.pdf$/i.test(trimmed) ? trimmed : `${trimmed}.pdf`;
}

/**
 * `POST …/settings/{documentId}/files`: a knowledge PDF (issue 28, part 2), through the same checks as an uploaded
 * document (the PDF workers' sanitize: not a PDF, damaged, encrypted, restricted, too complex, active content
 * removed), at most 5 of 10 MB each; its text is extracted per page there too. Nothing is stored when it is refused.
 */
export async function addKnowledgeFile(
  deps: KnowledgeFileDeps,
  input: { actor: PolicyActor; documentId: string; name?: string | undefined; bytes: Uint8Array },
): Promise<AssistantSettings> {
  const document = await findAssistantDocument(deps.db, input);
  if (input.bytes.byteLength > assistantLimits.maxKnowledgeFileBytes) {
    throw new AppError('FILE_TOO_LARGE', { details: { limit: assistantLimits.maxKnowledgeFileBytes } });
  }
  if (!isPdf(input.bytes)) throw new AppError('UPLOAD_WRONG_TYPE');
  await assertRoomForAnother(deps.db, document.id);
  const owner = `account:${document.accountId}`;
  const checked = await deps.pdf.sanitize(input.bytes, owner);
  const bytes = checked.cleanedBytes ?? input.bytes;
  const pages = await deps.pdf.extractText(bytes, { owner, lane: 'upload' });
  const id = newId('akf');
  const stored = await deps.storage.put({
    key: `documents/${document.id}/assistant/${id}.pdf`,
    body: bytes,
    contentType: 'application/pdf',
  });
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await findAssistantDocument(tx, { ...input, forUpdate: true });
      // Counted again under the document's lock: two uploads at once must not make six.
      await assertRoomForAnother(tx, locked.id);
      await insertKnowledgeFiles(tx, [
        {
          id,
          documentId: locked.id,
          fileName: fileNameOf(input.name),
          storageKey: stored.key,
          sha256: stored.sha256,
          byteSize: stored.size,
          pageCount: checked.inspection.pageCount,
          pages,
        },
      ]);
    });
  } catch (error) {
    await deps.storage.delete({ key: stored.key }).catch(() => undefined);
    throw error;
  }
  return presentSettingsOf(deps.db, document);
}

async function assertRoomForAnother(db: Database | Transaction, documentId: string) {
  const files = await countKnowledgeFiles(db, documentId);
  if (files >= assistantLimits.maxKnowledgeFiles) {
    throw new AppError('AI_KNOWLEDGE_FILE_LIMIT', { details: { limit: assistantLimits.maxKnowledgeFiles } });
  }
}

/** `DELETE …/files/{fileId}`: the row, then its bytes once the transaction committed. */
export async function removeKnowledgeFile(
  deps: Omit<KnowledgeFileDeps, 'pdf'>,
  input: { actor: PolicyActor; documentId: string; fileId: string },
): Promise<AssistantSettings> {
  const { document, removed } = await deps.db.transaction(async (tx) => {
    const locked = await findAssistantDocument(tx, { ...input, forUpdate: true });
    return {
      document: locked,
      removed: await deleteKnowledgeFile(tx, { documentId: locked.id, fileId: input.fileId }),
    };
  });
  if (!removed) throw new AppError('NOT_FOUND', { details: { reason: 'no-such-knowledge-file' } });
  await deps.storage.delete({ key: removed.storageKey }).catch(() => undefined);
  return presentSettingsOf(deps.db, document);
}
