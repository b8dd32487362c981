import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newId } from '../../lib/ids.ts';
import { findApiClientOwner, insertApiError } from './developer-log.repository.ts';

/** What the log says of a call no route matched: the path as sent could hold anything, a secret included. */
export const noRoutePath = '(no route)';
/** A failure answered without the error handler (none should be): no code to show. */
export const noCode = '(none)';

/**
 * The developer log's writer (issue 26, part 6): every call of an integration answered 400 or worse, and every call
 * whose API client credentials were refused, becomes a row for the client's account. The route's pattern, never the
 * URL (its query may hold a secret); no bodies, no credentials. Written after the answer left, so it neither slows
 * nor breaks it: a failed write is only logged. Pending writes finish before the app closes.
 */
export const recordApiErrorsPlugin = fp(
  async (app: FastifyInstance) => {
    const pending = new Set<Promise<void>>();

    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      if (status >= 400 && (request.actor?.delegate || request.refusedApiClientId)) {
        const write = record(request, status).catch((error: unknown) =>
          request.log.error({ err: error }, 'developer log write failed'),
        );
        pending.add(write);
        void write.finally(() => pending.delete(write));
      }
      done();
    });

    app.addHook('onClose', async () => {
      await Promise.allSettled([...pending]);
    });

    async function record(request: FastifyRequest, status: number) {
      const db = app.context.database.db;
      const client = await clientOf(request);
      if (!client) return;
      await insertApiError(db, {
        id: newId('ael'),
        ...client,
        method: request.method,
        path: request.routeOptions.url ?? noRoutePath,
        status,
        code: request.answeredCode ?? noCode,
        requestId: request.id,
        createdAt: new Date(),
      });
    }

    /** Whose log it goes to: the acting integration's account, or the account of the client id that was refused. */
    async function clientOf(request: FastifyRequest) {
      const actor = request.actor;
      if (actor?.delegate) {
        const { delegate } = actor;
        // An OAuth app is no row of api_clients: its name says who it was.
        const apiClientId = delegate.kind === 'api-client' ? delegate.id : null;
        return { accountId: actor.accountId, apiClientId, clientName: delegate.name };
      }
      if (!request.refusedApiClientId) return undefined;
      const owner = await findApiClientOwner(app.context.database.db, request.refusedApiClientId);
      return owner && { accountId: owner.accountId, apiClientId: owner.id, clientName: owner.name };
    }
  },
  { name: 'record-api-errors', dependencies: ['auth', 'error-handler'] },
);
