import {
  type ApiClientAccessLevel,
  apiClientIdPrefix,
  type CreatedApiClient,
} from '@signlink/contracts/developer/api-clients';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken } from '../../../test/sign-in.ts';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { hashApiClientSecret, newApiClientSecret, secretHintOf } from './api-client-secret.ts';
import { insertApiClient } from './api-clients.repository.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `Authorization: Basic` of a client id and secret, as an integrator's HTTP library sends it. */
export const basicOf = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${clientId}:${secret}`, 'utf8').toString('base64')}`;

/** The API client calls and the calls a client makes with its own credentials. */
export function apiClientKit(testApp: TestApp) {
  const kit = {
    call: (token: string, method: Method, path: string, payload?: object) =>
      injectWithToken(testApp, token, method, `/v2/linktinker/app/api/clients${path}`, payload),
    async create(token: string, body: { Name?: string; AccessLevel?: string } = {}): Promise<CreatedApiClient> {
      const reply = await kit.call(token, 'POST', '', { Name: 'ERP', AccessLevel: 'full', ...body });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json();
    },
    /** A call to `/v2${path}` with the client's id and secret sent directly. */
    asClient: (client: { ClientId: string; Secret: string }, method: Method, path: string, payload?: object) =>
      testApp.app.inject({
        method,
        url: `/v2${path}`,
        headers: { authorization: basicOf(client.ClientId, client.Secret) },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    /** OAuth 2's client credentials grant at `oauth/generatetoken`. */
    exchange: (client: { ClientId: string; Secret: string }) =>
      testApp.app.inject({
        method: 'POST',
        url: '/v2/oauth/generatetoken',
        headers: { authorization: basicOf(client.ClientId, client.Secret) },
        payload: { grant_type: 'client_credentials' },
      }),
  };
  return kit;
}

/** A client of the account made straight in the database, with its secret (for the sweeps, which need many). */
export async function insertTestApiClient(
  db: Database,
  owner: { accountId: string; userId: string },
  accessLevel: ApiClientAccessLevel = 'full',
) {
  const secret = newApiClientSecret();
  const row = await insertApiClient(db, {
    id: newId(apiClientIdPrefix),
    accountId: owner.accountId,
    actingUserId: owner.userId,
    name: 'Test client',
    accessLevel,
    secretHash: hashApiClientSecret(secret),
    secretHint: secretHintOf(secret),
  });
  return { ClientId: row.id, Secret: secret };
}
