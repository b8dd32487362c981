import {
  applyIdScanRoute,
  findIdScanRoute,
  removeIdScanRoute,
  signLinkWithIdLiveRoute,
  signLinkWithInkAndIdRoute,
  startIdScanRoute,
} from '@signlink/contracts/id-scan/id-scan.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { presentSigningState } from '../links/link-status.ts';
import { applyIdScan } from './apply-id-scan.ts';
import { findIdScanState, removeIdScan } from './find-id-scan.ts';
import { idScanDepsOf } from './id-scan-deps.ts';
import { signWithIdLive, signWithInkAndId } from './sign-with-id-scan.ts';
import { startIdScan } from './start-id-scan.ts';

/**
 * The recipient's ID-scan calls with JSON bodies (SPEC section 7; `id-scan.ts` in the contracts tells the flow) and
 * the two signatures that rest on a passed scan. The images' raw-body calls are in `id-scan-images.routes.ts`.
 */
export const idScanRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, startIdScanRoute, (request) =>
    startIdScan(idScanDepsOf(app, request.log), { linkId: request.params.id, body: request.body }),
  );

  route(app, applyIdScanRoute, (request) =>
    applyIdScan(idScanDepsOf(app, request.log), { linkId: request.params.id, body: request.body }),
  );

  route(app, findIdScanRoute, (request) =>
    findIdScanState(idScanDepsOf(app, request.log), {
      linkId: request.params.id,
      requestToken: request.query.RequestToken,
      idScanId: request.params.scanId,
    }),
  );

  route(app, removeIdScanRoute, (request) =>
    removeIdScan(idScanDepsOf(app, request.log), { linkId: request.params.id, body: request.body }),
  );

  const signingDeps = () => ({
    db: app.context.database.db,
    queue: app.context.queue,
    secret: app.context.config.sessionSecret,
    database: app.context.database,
    messaging: app.context.messaging,
    provider: app.context.idVerification.provider,
  });
  const signer = (request: {
    ip: string;
    headers: { 'user-agent'?: string };
    actor?: { userId: string } | null;
    brand: { id: Parameters<typeof signWithIdLive>[1]['brand'] };
  }) => ({
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    sessionUserId: request.actor?.userId ?? null,
    brand: request.brand.id,
  });

  route(app, signLinkWithIdLiveRoute, async (request) =>
    presentSigningState(
      await signWithIdLive(signingDeps(), { linkId: request.params.id, body: request.body, ...signer(request) }),
    ),
  );

  route(app, signLinkWithInkAndIdRoute, async (request) =>
    presentSigningState(
      await signWithInkAndId(signingDeps(), { linkId: request.params.id, body: request.body, ...signer(request) }),
    ),
  );
};
