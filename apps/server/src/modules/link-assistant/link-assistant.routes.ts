import { Readable } from 'node:stream';
import { assistantStreamContentType } from '@signlink/contracts/assistant/link-assistant';
import { askLinkAssistantRoute, findLinkAssistantRoute } from '@signlink/contracts/assistant/link-assistant.routes';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { askLinkAssistant, findLinkAssistant } from './link-assistant.ts';

/** The visitor's chat with Phil on the recipient page (issue 28, part 3). */
export const linkAssistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (logger: FastifyBaseLogger) => ({
    db: app.context.database.db,
    storage: app.context.storage,
    pdf: app.context.pdf,
    secret: app.context.config.sessionSecret,
    model: app.context.assistantModel.provider,
    logger,
  });

  route(app, findLinkAssistantRoute, (request) =>
    findLinkAssistant(deps(request.log), { linkId: request.params.id, query: request.query }),
  );

  route(app, askLinkAssistantRoute, async (request, reply) => {
    // The visitor closed the chat or the page: the model is not asked to finish an answer nobody reads.
    const left = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) left.abort();
    });
    const events = await askLinkAssistant(deps(request.log), {
      linkId: request.params.id,
      body: request.body,
      signal: left.signal,
    });
    const lines = Readable.from(
      (async function* () {
        for await (const event of events) yield `${JSON.stringify(event)}\n`;
      })(),
    );
    // No proxy may hold the pieces back until the answer is whole.
    reply.header('cache-control', 'no-store').header('x-accel-buffering', 'no');
    return reply.type(`${assistantStreamContentType}; charset=utf-8`).send(lines);
  });
};
