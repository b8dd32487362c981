import { accessLevelOfScopes } from '@signlink/contracts/developer/oauth';
import type { Database } from '../../db/database.ts';
import { type Actor, memberActor } from '../../http/actor.ts';
import type { findLiveSession } from '../auth/sessions.repository.ts';
import { findLiveGrant } from './oauth-grants.repository.ts';

type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/**
 * The actor of an OAuth app's access token: the consenting user in the account they chose, as the app, within the
 * grant's scopes. Null once the grant or the app is revoked, checked on every call.
 */
export async function actorFromOAuthSession(db: Database, live: LiveSession, grantId: string): Promise<Actor | null> {
  const held = await findLiveGrant(db, grantId);
  if (!held) return null;
  return memberActor(live, live.session.id, {
    kind: 'oauth-app',
    id: held.app.id,
    name: held.app.name,
    accessLevel: accessLevelOfScopes(held.grant.scopes),
  });
}
