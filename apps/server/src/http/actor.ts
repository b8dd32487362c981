import type { ApiClientAccessLevel } from '@signlink/contracts/developer/api-clients';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * An integration acting for the account (issue 26): an API client as the admin who made it, or an OAuth app as the
 * user who consented. It may call only the routes whose contract lists `api-client`, and `read` only their GETs.
 */
export interface ActorDelegate {
  kind: 'api-client' | 'oauth-app';
  /** The API client's or the OAuth app's id. */
  id: string;
  name: string;
  accessLevel: ApiClientAccessLevel;
}

/** Who is calling: a signed-in user acting for one account, in one role (SPEC section 6). */
export interface Actor {
  /** The session the token names; empty for an API client's Basic credentials, which have none. */
  sessionId: string;
  userId: string;
  accountId: string;
  role: number;
  accountKind: 'personal' | 'company' | 'association';
  /** SPEC section 6: the provider made the account a partner (customer accounts, referral links). */
  isPartner: boolean;
  /** Set when an integration calls rather than the user themselves. */
  delegate: ActorDelegate | null;
}

/**
 * The actor of a member of an account as the credential lookups find them (a session, an API client): the user, the
 * account and their role there, and the integration acting for them, if any.
 */
export function memberActor(
  member: {
    user: { id: string };
    account: { id: string; kind: Actor['accountKind']; isPartner: boolean };
    role: number;
  },
  sessionId: string,
  delegate: ActorDelegate | null = null,
): Actor {
  return {
    sessionId,
    userId: member.user.id,
    accountId: member.account.id,
    role: member.role,
    accountKind: member.account.kind,
    isPartner: member.account.isPartner,
    delegate,
  };
}

// Set by plugins/auth.ts on every request; declared here, beside Actor, so that routes and services read them
// without importing the plugin (which imports the auth module).
declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid bearer token came with the request. */
    actor: Actor | null;
    /** Why a bearer token that came was refused: it shapes the 401 of routes that need a user. */
    tokenProblem: 'expired' | 'invalid' | null;
    /** An API client whose credentials were refused (wrong secret, revoked): the developer log names it. */
    refusedApiClientId: string | null;
  }
}

/** The caller, or the catalogue's 401: "session expired" when a token came but no longer holds. */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  throw new AppError(request.tokenProblem === 'expired' ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
}
