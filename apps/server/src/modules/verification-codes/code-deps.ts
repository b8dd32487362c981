import type { FastifyInstance } from 'fastify';
import type { IssueCodeDeps } from './issue-code.ts';

/** What the code-sending flows need from the app: the outbox (database, queue, providers) and the secret. */
export function codeDepsOf(app: FastifyInstance): IssueCodeDeps {
  return {
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
    secret: app.context.config.sessionSecret,
  };
}
