import OAuth2Server from '@node-oauth/oauth2-server';
import { oauthTimings } from '@signlink/contracts/developer/oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { oauthModel } from './oauth-model.ts';

/**
 * The OAuth 2 server: @node-oauth/oauth2-server runs the protocol (authorisation code with PKCE, refresh tokens,
 * client authentication, RFC 6749 errors) over our model. Plain PKCE stays off (the library's default), and every
 * refresh rotates the token.
 */
export function makeOAuthServer(deps: { db: Database; secret: string; log: FastifyBaseLogger }) {
  const model = oauthModel({
    db: deps.db,
    secret: deps.secret,
    onReuse: (event) => deps.log.warn(event, 'oauth credential reused: grant revoked'),
  });
  return new OAuth2Server({
    // The library's type asks for getAccessToken, which only its own bearer check uses: our auth plugin checks
    // tokens (they are session JWTs), so the library never does.
    model: { ...model, getAccessToken: async () => false } as unknown as OAuth2Server.AuthorizationCodeModel,
    accessTokenLifetime: oauthTimings.accessTokenSeconds,
    refreshTokenLifetime: oauthTimings.refreshTokenDays * 24 * 60 * 60,
    authorizationCodeLifetime: oauthTimings.authorizationCodeSeconds,
    alwaysIssueNewRefreshToken: true,
    allowEmptyState: true,
  });
}
