import { buildTextPdf, type TextPdfPage } from '../../apps/server/test/fixtures/text-pdfs.ts';
import { senderApi } from './recipient-seed.ts';

/**
 * The demo sender turns Phil on for a sent document, with a knowledge PDF of the given text, as the settings screen
 * does (its journey is assistant-settings.e2e.ts): the recipient's journey starts from a document that has him.
 */
export async function enablePhil(
  origin: string,
  documentId: string,
  input: { knowledge: { name: string; pages: TextPdfPage[] }; settings?: Record<string, unknown> },
) {
  const api = await senderApi(origin);
  await api('PUT', `linktinker/app/ai/phil/settings/${documentId}`, {
    Enabled: true,
    EnableSpeech: true,
    Language: 'auto',
    Version: 'phil-1',
    FirstMessage: '',
    InitMessage: '',
    CompletionMessage: '',
    AdditionalInstructions: '',
    StoreConversations: false,
    ...input.settings,
  });
  await api(
    'POST',
    `linktinker/app/ai/phil/settings/${documentId}/files?name=${encodeURIComponent(input.knowledge.name)}`,
    Buffer.from(await buildTextPdf(input.knowledge.pages)),
    'application/pdf',
  );
}
