import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { memberActor } from '../http/actor.ts';
import {
  actorFromApiClientSecret,
  actorFromApiClientSession,
  apiClientBasicCredentials,
} from '../modules/api-clients/api-client-actor.ts';
import { verifyAccessToken } from '../modules/auth/access-token.ts';
import { findLiveSession } from '../modules/auth/sessions.repository.ts';
import { actorFromOAuthSession } from '../modules/oauth/oauth-actor.ts';

// Routes and services import these from http/actor.ts; kept here for code written before they moved.
export { type Actor, requireActor } from '../http/actor.ts';

/**
 * Reads `Authorization: Bearer …` on every request. The token must verify and its session must still be
 * live (not revoked, not expired, the user still a member of the account), checked in the database each
 * time: a logged-out or removed user's token stops at once. An API client's token is checked the same way, and its
 * client must not be revoked; a client may also send its id and secret as `Basic` credentials (issue 26).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('tokenProblem', null);
    app.decorateRequest('refusedApiClientId', null);
    // Most calls (every recipient call) carry no bearer token: they pass without a promise.
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      const header = request.headers.authorization;
      if (header?.startsWith('Bearer ')) {
        authenticate(request, header).then(() => done(), done);
        return;
      }
      // The web client's own Basic credentials (SPEC section 7) name no API client and pass as before.
      const credentials = header?.startsWith('Basic ') ? apiClientBasicCredentials(header) : null;
      if (!credentials) return done();
      authenticateApiClient(request, credentials).then(() => done(), done);
    });

    async function authenticate(request: FastifyRequest, header: string) {
      const checked = await verifyAccessToken(options.secret, header.slice('Bearer '.length).trim());
      if (!checked.ok) {
        request.tokenProblem = checked.reason;
        return;
      }
      const now = new Date();
      const db = app.context.database.db;
      const live = await findLiveSession(db, checked.claims.sessionId, now);
      if (!live) {
        request.tokenProblem = 'expired';
        return;
      }
      if (live.session.apiClientId) {
        const actor = await actorFromApiClientSession(db, live, live.session.apiClientId, now);
        if (actor) request.actor = actor;
        else refuseApiClient(request, live.session.apiClientId);
        return;
      }
      // An OAuth app's token (issue 26): it stops with its grant or its app.
      if (live.session.oauthGrantId) {
        const actor = await actorFromOAuthSession(db, live, live.session.oauthGrantId);
        if (actor) request.actor = actor;
        else request.tokenProblem = 'invalid';
        return;
      }
      request.actor = memberActor(live, live.session.id);
    }

    async function authenticateApiClient(request: FastifyRequest, credentials: { clientId: string; secret: string }) {
      const actor = await actorFromApiClientSecret(app.context.database.db, credentials, new Date());
      if (actor) request.actor = actor;
      else refuseApiClient(request, credentials.clientId);
    }

    // Never the secret: only the id the caller named, which the developer log looks up (it may be no client at all).
    function refuseApiClient(request: FastifyRequest, clientId: string) {
      request.tokenProblem = 'invalid';
      request.refusedApiClientId = clientId;
    }
  },
  { name: 'auth' },
);
