import {
  type AssistantSettings,
  type AssistantSettingsInput,
  ZAssistantSettingsInput,
} from '@signlink/contracts/assistant/assistant-settings';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import {
  deleteAssistantSettings,
  deleteKnowledgeFilesOf,
  findAssistantSettingsRow,
  listKnowledgeFiles,
  upsertAssistantSettings,
} from './assistant.repository.ts';
import { findAssistantDocument } from './assistant-access.ts';
import { presentAssistantSettings } from './assistant-settings.presenter.ts';
import { isKnownAssistantVersion } from './assistant-versions.ts';

export interface AssistantSettingsDeps {
  db: Database;
  storage: Storage;
}

type Actor = { actor: PolicyActor; documentId: string };

/** The settings as the owner's screen shows them, with the knowledge files, read after any change. */
export async function presentSettingsOf(db: Database, document: DocumentRow): Promise<AssistantSettings> {
  const [row, files] = await Promise.all([
    findAssistantSettingsRow(db, document.id),
    listKnowledgeFiles(db, document.id),
  ]);
  return presentAssistantSettings({ documentId: document.id, documentLocale: documentLocaleOf(document), row, files });
}

/** `GET linktinker/app/ai/phil/settings/{documentId}`: defaults when never saved. */
export async function findAssistantSettings(deps: AssistantSettingsDeps, input: Actor): Promise<AssistantSettings> {
  const document = await findAssistantDocument(deps.db, input);
  return presentSettingsOf(deps.db, document);
}

/** `PUT …/settings/{documentId}`: every field, an empty message meaning the default one (SPEC section 2). */
export async function saveAssistantSettings(
  deps: AssistantSettingsDeps,
  input: Actor & { settings: AssistantSettingsInput },
): Promise<AssistantSettings> {
  const settings = ZAssistantSettingsInput.parse(input.settings);
  if (!isKnownAssistantVersion(settings.Version)) {
    throw new AppError('AI_VERSION_UNKNOWN', { details: { version: settings.Version } });
  }
  const document = await deps.db.transaction(async (tx) => {
    const locked = await findAssistantDocument(tx, { ...input, forUpdate: true });
    await upsertAssistantSettings(tx, locked.id, {
      enabled: settings.Enabled,
      enableSpeech: settings.EnableSpeech,
      language: settings.Language,
      version: settings.Version,
      firstMessage: settings.FirstMessage,
      initMessage: settings.InitMessage,
      completionMessage: settings.CompletionMessage,
      additionalInstructions: settings.AdditionalInstructions,
      storeConversations: settings.StoreConversations,
    });
    return locked;
  });
  return presentSettingsOf(deps.db, document);
}

/** `POST …/clear`: the defaults again, the assistant off, the knowledge files deleted (bytes after commit). */
export async function clearAssistantSettings(deps: AssistantSettingsDeps, input: Actor): Promise<AssistantSettings> {
  const { document, removed } = await deps.db.transaction(async (tx) => {
    const locked = await findAssistantDocument(tx, { ...input, forUpdate: true });
    await deleteAssistantSettings(tx, locked.id);
    return { document: locked, removed: await deleteKnowledgeFilesOf(tx, locked.id) };
  });
  // A key left behind by a failed delete is the orphan sweep's: no row names it any more.
  await Promise.allSettled(removed.map((file) => deps.storage.delete({ key: file.storageKey })));
  return presentSettingsOf(deps.db, document);
}
