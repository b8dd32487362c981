import type {
  AssistantAnswer,
  AssistantSettings,
  AssistantVersionsResponse,
  KnowledgeFile,
} from '@signlink/contracts/assistant/assistant-settings';

/** A draft's assistant settings as the server answers them before the owner has set anything. */
export function defaultAssistantSettings(documentId = 'doc_lease1'): AssistantSettings {
  return {
    DocumentId: documentId,
    Enabled: false,
    EnableFormFilling: false,
    EnableSpeech: false,
    Language: 'auto',
    Version: 'phil-1',
    FirstMessage: '',
    InitMessage: '',
    CompletionMessage: '',
    AdditionalInstructions: '',
    StoreConversations: false,
    KnowledgeFiles: [],
    Defaults: {
      FirstMessage: 'Hi, I am Phil. Ask me anything about this document.',
      InitMessage: 'Let us go through the document together.',
      CompletionMessage: 'All done. Thank you!',
    },
    UpdatedAt: null,
  };
}

export const assistantVersions: AssistantVersionsResponse = {
  Versions: [
    { Version: 'phil-1', Name: 'Phil 1', Description: 'Steady answers from the document.', IsDefault: true },
    { Version: 'phil-2', Name: 'Phil 2', Description: 'Newer and chattier.', IsDefault: false },
  ],
};

export function knowledgeFile(id: string, fileName: string): KnowledgeFile {
  return { Id: id, FileName: fileName, ByteSize: 245_760, PageCount: 3, CreatedAt: '2026-11-27T10:00:00.000Z' };
}

export const leaseAnswer: AssistantAnswer = {
  Text: 'The rent is due on the first day of each month.',
  Sources: [{ Kind: 'knowledge', Title: 'Lease.pdf', Page: 2, Quote: 'Rent is paid in advance by the 1st.' }],
  IsUnknown: false,
};
