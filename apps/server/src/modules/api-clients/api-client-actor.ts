import { apiClientIdPrefix } from '@signlink/contracts/developer/api-clients';
import type { Database } from '../../db/database.ts';
import { type Actor, type ActorDelegate, memberActor } from '../../http/actor.ts';
import { findLiveApiClient, findUnrevokedApiClient, touchApiClient } from './api-client-credentials.repository.ts';
import { apiClientSecretMatches } from './api-client-secret.ts';

/** A live session as the auth plugin found it: the member it names, and its id. */
type LiveSession = Parameters<typeof memberActor>[0] & { session: { id: string } };
type ApiClientRow = NonNullable<Awaited<ReturnType<typeof findUnrevokedApiClient>>>;

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

function delegateOf(client: ApiClientRow): ActorDelegate {
  return { kind: 'api-client', id: client.id, name: client.name, accessLevel: client.accessLevel };
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
  return memberActor(live, '', delegateOf(live.client));
}

/**
 * The actor of a token that `oauth/generatetoken` gave a client; null once the client is revoked. The live session
 * already holds its maker's membership (its user is the maker), so only the client itself is read.
 */
export async function actorFromApiClientSession(
  db: Database,
  live: LiveSession,
  apiClientId: string,
  now: Date,
): Promise<Actor | null> {
  const client = await findUnrevokedApiClient(db, apiClientId);
  if (!client) return null;
  await touchApiClient(db, client.id, now);
  return memberActor(live, live.session.id, delegateOf(client));
}
