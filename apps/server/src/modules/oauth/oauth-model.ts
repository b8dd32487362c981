import { isOAuthScope, oauthTimings } from '@signlink/contracts/developer/oauth';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { apiClientSecretMatches } from '../api-clients/api-client-secret.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { findLiveApp, listLiveRedirectUris } from './oauth-apps.repository.ts';
import { findLiveGrant, revokeGrants } from './oauth-grants.repository.ts';
import { hashOAuthSecret, newAuthorizationCode, newRefreshToken } from './oauth-secrets.ts';
import {
  findAuthorizationCode,
  findRefreshToken,
  insertAuthorizationCode,
  insertIssuedTokens,
  markAuthorizationCodeUsed,
  markRefreshTokenUsed,
} from './oauth-tokens.repository.ts';

/**
 * Who an app acts for, as the library passes it from a code or refresh token to the tokens it issues: the grant,
 * and the refresh-token family the tokens belong to. `session` is the access token's session, made with the token
 * and written with the refresh token in saveToken, so a failed exchange leaves no session behind.
 */
export interface OAuthUser {
  id: string;
  grantId: string;
  accountId: string;
  familyId: string;
  session?: { id: string; expiresAt: Date };
}

export interface OAuthClient {
  id: string;
  grants: string[];
  redirectUris: string[];
}

interface Deps {
  db: Database;
  /** The session secret our access tokens are signed with. */
  secret: string;
  /** Told when a used code or refresh token comes again, a sign it leaked: the grant is revoked. */
  onReuse: (event: { grantId: string; kind: 'authorization-code' | 'refresh-token' }) => void;
}

const validScopes = (scope: string[] | undefined) =>
  Array.isArray(scope) && scope.length > 0 && scope.every(isOAuthScope) ? scope : false;

/**
 * The storage side of @node-oauth/oauth2-server (its "model"): the library runs the protocol (PKCE, code and
 * refresh grants, client authentication, RFC errors), this keeps its state in our tables and makes its access
 * tokens our own session JWTs.
 */
export function oauthModel(deps: Deps) {
  const { db } = deps;
  return {
    /** The token endpoint always authenticates the app (it holds a secret); the authorise step passes null. */
    async getClient(clientId: string, clientSecret: string | null | undefined): Promise<OAuthClient | null> {
      const live = await findLiveApp(db, clientId);
      if (!live) return null;
      if (clientSecret !== null && !(clientSecret && apiClientSecretMatches(clientSecret, live.app.secretHash))) {
        return null;
      }
      const uris = await listLiveRedirectUris(db, [live.app.id]);
      return {
        id: live.app.id,
        grants: ['authorization_code', 'refresh_token'],
        redirectUris: uris.map((row) => row.uri),
      };
    },

    async validateScope(_user: OAuthUser, _client: OAuthClient, scope: string[] | undefined) {
      return validScopes(scope);
    },

    async generateAuthorizationCode() {
      return newAuthorizationCode();
    },

    async saveAuthorizationCode(
      code: {
        authorizationCode: string;
        expiresAt: Date;
        redirectUri: string;
        scope?: string[];
        codeChallenge?: string;
        codeChallengeMethod?: string;
      },
      client: OAuthClient,
      user: OAuthUser,
    ) {
      // The consent route checked these already; a code without S256 must never exist, whoever calls.
      if (!code.codeChallenge || code.codeChallengeMethod !== 'S256') throw new Error('PKCE S256 is required');
      await insertAuthorizationCode(db, {
        codeHash: hashOAuthSecret(code.authorizationCode),
        grantId: user.grantId,
        redirectUri: code.redirectUri,
        scopes: code.scope ?? [],
        codeChallenge: code.codeChallenge,
        codeChallengeMethod: code.codeChallengeMethod,
        expiresAt: code.expiresAt,
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode: string) {
      const row = await findAuthorizationCode(db, hashOAuthSecret(authorizationCode));
      if (!row) return null;
      if (row.usedAt) {
        // RFC 6749 section 4.1.2: a code used twice revokes what was issued from it.
        await revokeGrants(db, [row.grantId], new Date());
        deps.onReuse({ grantId: row.grantId, kind: 'authorization-code' });
        return null;
      }
      const live = await findLiveGrant(db, row.grantId);
      if (!live) return null;
      return {
        authorizationCode,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.scopes,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod,
        client: { id: live.app.id },
        user: userOf(live.grant, newId('fam')),
      };
    },

    /** Single use: only the first caller marks it; a racing second exchange gets invalid_grant. */
    async revokeAuthorizationCode(code: { authorizationCode: string }) {
      return markAuthorizationCodeUsed(db, hashOAuthSecret(code.authorizationCode));
    },

    async generateAccessToken(_client: OAuthClient, user: OAuthUser) {
      const session = { id: newId('ses'), expiresAt: new Date(Date.now() + oauthTimings.accessTokenSeconds * 1000) };
      user.session = session;
      return signAccessToken(deps.secret, {
        sessionId: session.id,
        userId: user.id,
        accountId: user.accountId,
        expiresAt: session.expiresAt,
      });
    },

    async generateRefreshToken() {
      return newRefreshToken();
    },

    async saveToken(
      token: {
        accessToken: string;
        accessTokenExpiresAt?: Date;
        refreshToken?: string;
        refreshTokenExpiresAt?: Date;
        scope?: string[];
      },
      client: OAuthClient,
      user: OAuthUser,
    ) {
      const { session } = user;
      if (!session || !token.refreshToken || !token.refreshTokenExpiresAt) throw new Error('token half made');
      const { refreshToken, refreshTokenExpiresAt } = token;
      await insertIssuedTokens(db, {
        session: {
          id: session.id,
          userId: user.id,
          accountId: user.accountId,
          method: 'oauth',
          oauthGrantId: user.grantId,
          expiresAt: session.expiresAt,
        },
        refreshToken: {
          tokenHash: hashOAuthSecret(refreshToken),
          grantId: user.grantId,
          familyId: user.familyId,
          scopes: token.scope ?? [],
          expiresAt: refreshTokenExpiresAt,
        },
      });
      return { ...token, accessTokenExpiresAt: session.expiresAt, client, user: { id: user.id } };
    },

    async getRefreshToken(refreshToken: string) {
      const row = await findRefreshToken(db, hashOAuthSecret(refreshToken));
      if (!row) return null;
      if (row.usedAt) {
        // Rotated already: whoever holds the new one, one of the two is not the app. End the whole grant.
        await revokeGrants(db, [row.grantId], new Date());
        deps.onReuse({ grantId: row.grantId, kind: 'refresh-token' });
        return null;
      }
      if (row.revokedAt) return null;
      const live = await findLiveGrant(db, row.grantId);
      if (!live) return null;
      return {
        refreshToken,
        refreshTokenExpiresAt: row.expiresAt,
        scope: row.scopes,
        client: { id: live.app.id },
        user: userOf(live.grant, row.familyId),
      };
    },

    /** Rotation: the token is marked used (not deleted), so presenting it again is recognised as reuse. */
    async revokeToken(token: { refreshToken: string }) {
      return markRefreshTokenUsed(db, hashOAuthSecret(token.refreshToken));
    },
  };
}

function userOf(grant: { id: string; userId: string; accountId: string }, familyId: string): OAuthUser {
  return { id: grant.userId, grantId: grant.id, accountId: grant.accountId, familyId };
}
