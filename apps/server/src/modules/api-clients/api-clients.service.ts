import {
  type ApiClient,
  type ApiClientsResponse,
  apiClientIdPrefix,
  type CreateApiClientRequest,
  type CreatedApiClient,
  type UpdateApiClientRequest,
} from '@signlink/contracts/developer/api-clients';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeIntegrations } from '../document-core/account.policy.ts';
import { hashApiClientSecret, newApiClientSecret, secretHintOf } from './api-client-secret.ts';
import {
  type ApiClientRow,
  findAccountApiClient,
  insertApiClient,
  listAccountApiClients,
  updateAccountApiClient,
} from './api-clients.repository.ts';

export interface ApiClientDeps {
  db: Database;
}

function present(row: ApiClientRow): ApiClient {
  return {
    ClientId: row.id,
    Name: row.name,
    AccessLevel: row.accessLevel,
    Created: row.createdAt.toISOString(),
    LastUsed: row.lastUsedAt?.toISOString() ?? null,
    SecretHint: row.secretHint,
    Revoked: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiClients(deps: ApiClientDeps, actor: Actor): Promise<ApiClientsResponse> {
  authorizeIntegrations(actor);
  const rows = await listAccountApiClients(deps.db, actor.accountId);
  return { Clients: rows.map(present) };
}

/** The client acts as the admin who made it: its documents are theirs, and it stops when they leave the account. */
export async function createApiClient(
  deps: ApiClientDeps,
  actor: Actor,
  input: CreateApiClientRequest,
): Promise<CreatedApiClient> {
  authorizeIntegrations(actor);
  const secret = newApiClientSecret();
  const row = await insertApiClient(deps.db, {
    id: newId(apiClientIdPrefix),
    accountId: actor.accountId,
    actingUserId: actor.userId,
    name: input.Name,
    accessLevel: input.AccessLevel,
    secretHash: hashApiClientSecret(secret),
    secretHint: secretHintOf(secret),
  });
  return { ...present(row), Secret: secret };
}

/** Revoking twice keeps the first time: the record says when it stopped. */
export async function revokeApiClient(deps: ApiClientDeps, actor: Actor, clientId: string): Promise<ApiClient> {
  authorizeIntegrations(actor);
  const target = { accountId: actor.accountId, clientId };
  const found = await findAccountApiClient(deps.db, target);
  if (!found) throw new AppError('NOT_FOUND');
  if (found.revokedAt) return present(found);
  const now = new Date();
  const row = await updateAccountApiClient(deps.db, target, { revokedAt: now, updatedAt: now });
  if (!row) throw new AppError('NOT_FOUND');
  return present(row);
}

export async function updateApiClient(
  deps: ApiClientDeps,
  actor: Actor,
  clientId: string,
  input: UpdateApiClientRequest,
): Promise<ApiClient> {
  authorizeIntegrations(actor);
  const row = await updateAccountApiClient(
    deps.db,
    { accountId: actor.accountId, clientId },
    { name: input.Name, accessLevel: input.AccessLevel, updatedAt: new Date() },
  );
  if (!row) throw new AppError('NOT_FOUND');
  return present(row);
}
