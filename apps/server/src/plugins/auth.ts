import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { verifyAccessToken } from '../modules/auth/access-token.ts';
import { findLiveSession } from '../modules/auth/sessions.repository.ts';

/** Who is calling: a signed-in user acting for one account, in one role (SPEC section 6). */
export interface Actor {
  sessionId: string;
  userId: string;
  accountId: string;
  role: number;
  accountKind: 'personal' | 'company' | 'association';
  /** SPEC section 6: the provider made the account a partner (customer accounts, referral links). */
  isPartner: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid bearer token came with the request. */
    actor: Actor | null;
    /** Why a bearer token that came was refused: it shapes the 401 of routes that need a user. */
    tokenProblem: 'expired' | 'invalid' | null;
  }
}

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

/** The caller, or the catalogue's 401: "session expired" when a token came but no longer holds. */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  throw new AppError(request.tokenProblem === 'expired' ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
}
