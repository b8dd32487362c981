import { assistantLimits } from '@signlink/contracts/assistant/assistant-settings';
import {
  addKnowledgeFileRoute,
  clearAssistantSettingsRoute,
  deleteKnowledgeFileRoute,
  findAssistantSettingsRoute,
  listAssistantConversationsRoute,
  listAssistantVersionsRoute,
  saveAssistantSettingsRoute,
  testAssistantRoute,
} from '@signlink/contracts/assistant/assistant-settings.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { acceptRawPdfBody } from '../../http/raw-pdf-body.ts';
import { route } from '../../http/route.ts';
import { listAssistantConversations } from './assistant-conversations.ts';
import { clearAssistantSettings, findAssistantSettings, saveAssistantSettings } from './assistant-settings.service.ts';
import { assistantVersionsIn } from './assistant-versions.ts';
import { addKnowledgeFile, removeKnowledgeFile } from './knowledge-files.service.ts';
import { testAssistant } from './test-assistant.ts';

/** A request carries a little more than the PDF; a larger body is refused before it is read. */
const bodySlackBytes = 64 * 1024;

/**
 * The owner's side of the assistant Phil (SPEC sections 2, 3 and 7; DECISIONS for the settings path): versions,
 * settings, knowledge PDFs (the raw body, as an upload) and the test chat.
 */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, storage: app.context.storage, pdf: app.context.pdf });
  acceptRawPdfBody(app, assistantLimits.maxKnowledgeFileBytes + bodySlackBytes);

  route(app, listAssistantVersionsRoute, (request) => ({ Versions: assistantVersionsIn(request.locale) }));

  route(app, findAssistantSettingsRoute, (request) =>
    findAssistantSettings(deps(), { actor: request.actor, documentId: request.params.documentId }),
  );

  route(app, saveAssistantSettingsRoute, (request) =>
    saveAssistantSettings(deps(), {
      actor: request.actor,
      documentId: request.params.documentId,
      settings: request.body,
    }),
  );

  route(app, clearAssistantSettingsRoute, (request) =>
    clearAssistantSettings(deps(), { actor: request.actor, documentId: request.params.documentId }),
  );

  route(app, addKnowledgeFileRoute, async (request, reply) => {
    if (!Buffer.isBuffer(request.body)) throw new AppError('UPLOAD_WRONG_TYPE');
    const body = request.body;
    const settings = await addKnowledgeFile(deps(), {
      actor: request.actor,
      documentId: request.params.documentId,
      name: request.query.name,
      bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    });
    return reply.code(201).send(settings);
  });

  route(app, deleteKnowledgeFileRoute, (request) =>
    removeKnowledgeFile(deps(), {
      actor: request.actor,
      documentId: request.params.documentId,
      fileId: request.params.fileId,
    }),
  );

  route(app, testAssistantRoute, (request) =>
    testAssistant(
      { ...deps(), model: app.context.assistantModel.provider },
      { actor: request.actor, documentId: request.params.documentId, request: request.body },
    ),
  );

  route(app, listAssistantConversationsRoute, (request) =>
    listAssistantConversations(app.context.database.db, {
      actor: request.actor,
      documentId: request.params.documentId,
    }),
  );
};
