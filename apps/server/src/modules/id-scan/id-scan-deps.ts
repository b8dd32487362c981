import type { RouteApp } from '../../http/route.ts';
import type { IdScanDeps } from './id-scan-access.ts';

/** The scan services' ports, read per request: tests swap the context's vendor between calls. */
export function idScanDepsOf(app: RouteApp, logger: IdScanDeps['logger']): IdScanDeps {
  return {
    db: app.context.database.db,
    secret: app.context.config.sessionSecret,
    storage: app.context.storage,
    provider: app.context.idVerification.provider,
    config: app.context.config,
    logger,
  };
}
