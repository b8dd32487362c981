import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

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

// Set by plugins/auth.ts on every request; declared here, beside Actor, so that routes and services read them
// without importing the plugin (which imports the auth module).
declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid bearer token came with the request. */
    actor: Actor | null;
    /** Why a bearer token that came was refused: it shapes the 401 of routes that need a user. */
    tokenProblem: 'expired' | 'invalid' | null;
  }
}

/** The caller, or the catalogue's 401: "session expired" when a token came but no longer holds. */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  throw new AppError(request.tokenProblem === 'expired' ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
}
