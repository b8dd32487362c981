import type { ClientCredentialsToken } from '@signlink/contracts/auth/auth-state';
import { timings } from '@signlink/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { apiClientBasicCredentials } from '../api-clients/api-client-actor.ts';
import { findLiveApiClient, touchApiClient } from '../api-clients/api-client-credentials.repository.ts';
import { apiClientSecretMatches } from '../api-clients/api-client-secret.ts';
import { signAccessToken } from './access-token.ts';
import { insertSession } from './sessions.repository.ts';
import type { SessionDeps } from './start-session.ts';

/**
 * OAuth 2's client credentials grant (issue 26, part 1): an API client's id and secret, as Basic credentials, for a
 * bearer token of 60 minutes like a person's. Its session names the client, so revoking the client, or its maker
 * leaving the account, stops the token at once (plugins/auth.ts checks both on every call). Any mismatch is the same
 * BAD_CREDENTIALS; the log names the client id and why, never the secret.
 */
export async function exchangeClientCredentials(
  deps: SessionDeps & { log: FastifyBaseLogger },
  authorization: string | undefined,
): Promise<ClientCredentialsToken> {
  const credentials = authorization?.startsWith('Basic ') ? apiClientBasicCredentials(authorization) : null;
  if (!credentials) return refuse(deps.log, { reason: 'no-client-credentials' });
  const live = await findLiveApiClient(deps.db, credentials.clientId);
  if (!live) return refuse(deps.log, { reason: 'unknown-or-revoked-client', clientId: credentials.clientId });
  if (!apiClientSecretMatches(credentials.secret, live.client.secretHash)) {
    return refuse(deps.log, { reason: 'wrong-secret', clientId: credentials.clientId });
  }
  const now = new Date();
  const sessionId = newId('ses');
  const expiresAt = new Date(now.getTime() + timings.accessTokenMinutes * 60_000);
  await insertSession(deps.db, {
    id: sessionId,
    userId: live.user.id,
    accountId: live.account.id,
    method: 'api-client',
    apiClientId: live.client.id,
    createdAt: now,
    expiresAt,
  });
  await touchApiClient(deps.db, live.client.id, now);
  const accessToken = await signAccessToken(deps.secret, {
    sessionId,
    userId: live.user.id,
    accountId: live.account.id,
    expiresAt,
  });
  return { access_token: accessToken, token_type: 'Bearer', expires_in: timings.accessTokenMinutes * 60 };
}

function refuse(log: FastifyBaseLogger, details: { reason: string; clientId?: string }): never {
  log.info({ clientCredentials: details }, 'client credentials refused');
  throw new AppError('BAD_CREDENTIALS', { details: { reason: details.reason } });
}
