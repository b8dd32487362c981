import { apiClientIdPrefix } from '@signlink/contracts/developer/api-clients';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { findLiveApiClient, touchApiClient } from './api-client-credentials.repository.ts';
import { apiClientSecretMatches } from './api-client-secret.ts';

type LiveApiClient = NonNullable<Awaited<ReturnType<typeof findLiveApiClient>>>;

/** The client id and secret of `Authorization: Basic …`, when its user name is an API client's id. */
export function apiClientBasicCredentials(header: string): { clientId: string; secret: string } | null {
  let decoded: string;
  try {
    decoded = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const clientId = decoded.slice(0, colon);
  if (!clientId.startsWith(`${apiClientIdPrefix}_`)) return null;
  return { clientId, secret: decoded.slice(colon + 1) };
}

function actorOf(live: LiveApiClient, sessionId: string): Actor {
  return {
    sessionId,
    userId: live.user.id,
    accountId: live.account.id,
    role: live.role,
    accountKind: live.account.kind,
    isPartner: live.account.isPartner,
    delegate: { kind: 'api-client', id: live.client.id, name: live.client.name, accessLevel: live.client.accessLevel },
  };
}

/** The actor of a client's id and secret sent directly (no session: nothing to log out of). */
export async function actorFromApiClientSecret(
  db: Database,
  credentials: { clientId: string; secret: string },
  now: Date,
): Promise<Actor | null> {
  const live = await findLiveApiClient(db, credentials.clientId);
  if (!live || !apiClientSecretMatches(credentials.secret, live.client.secretHash)) return null;
  await touchApiClient(db, live.client.id, now);
  return actorOf(live, '');
}

/** The actor of a token that `oauth/generatetoken` gave a client; null once the client is revoked. */
export async function actorFromApiClientSession(
  db: Database,
  input: { apiClientId: string; sessionId: string },
  now: Date,
): Promise<Actor | null> {
  const live = await findLiveApiClient(db, input.apiClientId);
  if (!live) return null;
  await touchApiClient(db, live.client.id, now);
  return actorOf(live, input.sessionId);
}
