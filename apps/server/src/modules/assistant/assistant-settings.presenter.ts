import type {
  AssistantLanguage,
  AssistantSettings,
  AssistantSettingsInput,
} from '@signlink/contracts/assistant/assistant-settings';
import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { AssistantSettingsRow, KnowledgeFileRow } from './assistant.repository.ts';
import { defaultAssistantVersion } from './assistant-versions.ts';

/** What a document without a settings row has: the assistant off, the default version, speech on, no messages. */
export const defaultAssistantSettings: Required<Omit<AssistantSettingsInput, 'EnableFormFilling'>> = {
  Enabled: false,
  EnableSpeech: true,
  Language: 'auto',
  Version: defaultAssistantVersion,
  FirstMessage: '',
  InitMessage: '',
  CompletionMessage: '',
  AdditionalInstructions: '',
  StoreConversations: false,
};

/** The answers' language: the owner's, or the given one (the document's, the visitor's) when it follows it (`auto`). */
export function localeOfSettings(language: AssistantLanguage, followed: Locale): Locale {
  return language === 'auto' ? followed : language;
}

export function defaultMessagesIn(locale: Locale): AssistantSettings['Defaults'] {
  const t = createTranslator(locale);
  return {
    FirstMessage: t('messages:assistant.defaults.firstMessage'),
    InitMessage: t('messages:assistant.defaults.initMessage'),
    CompletionMessage: t('messages:assistant.defaults.completionMessage'),
  };
}

export function presentAssistantSettings(input: {
  documentId: string;
  documentLocale: Locale;
  row: AssistantSettingsRow | undefined;
  files: KnowledgeFileRow[];
}): AssistantSettings {
  const { row } = input;
  const values = row
    ? {
        Enabled: row.enabled,
        EnableSpeech: row.enableSpeech,
        Language: row.language,
        Version: row.version,
        FirstMessage: row.firstMessage,
        InitMessage: row.initMessage,
        CompletionMessage: row.completionMessage,
        AdditionalInstructions: row.additionalInstructions,
        StoreConversations: row.storeConversations,
      }
    : defaultAssistantSettings;
  return {
    ...values,
    // Form filling by the assistant is coming soon (SPEC section 1): always off.
    EnableFormFilling: false,
    DocumentId: input.documentId,
    KnowledgeFiles: input.files.map((file) => ({
      Id: file.id,
      FileName: file.fileName,
      ByteSize: file.byteSize,
      PageCount: file.pageCount,
      CreatedAt: file.createdAt.toISOString(),
    })),
    Defaults: defaultMessagesIn(localeOfSettings(values.Language, input.documentLocale)),
    UpdatedAt: row ? row.updatedAt.toISOString() : null,
  };
}
