import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyAccessToken } from '../modules/auth/access-token.ts';
import { findLiveSession } from '../modules/auth/sessions.repository.ts';

// Routes and services import these from http/actor.ts; kept here for code written before they moved.
export { type Actor, requireActor } from '../http/actor.ts';

/**
 * Reads `Authorization: Bearer …` on every request. The token must verify and its session must still be
 * live (not revoked, not expired, the user still a member of the account), checked in the database each
 * time: a logged-out or removed user's token stops at once.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('tokenProblem', null);
    // Most calls (every recipient call) carry no bearer token: they pass without a promise.
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return done();
      authenticate(request, header).then(() => done(), done);
    });

    async function authenticate(request: FastifyRequest, header: string) {
      const checked = await verifyAccessToken(options.secret, header.slice('Bearer '.length).trim());
      if (!checked.ok) {
        request.tokenProblem = checked.reason;
        return;
      }
      const now = new Date();
      const live = await findLiveSession(app.context.database.db, checked.claims.sessionId, now);
      if (!live) {
        request.tokenProblem = 'expired';
        return;
      }
      request.actor = {
        sessionId: live.session.id,
        userId: live.user.id,
        accountId: live.account.id,
        role: live.role,
        accountKind: live.account.kind,
        isPartner: live.account.isPartner,
      };
    }
  },
  { name: 'auth' },
);
