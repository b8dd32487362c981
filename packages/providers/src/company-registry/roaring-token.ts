import { invalidAnswer, parseJson, requestRoaring, roaringHttpError } from './roaring-http.ts';

export interface RoaringAccessToken {
  value: string;
  /** Fetched for this call, so a 401 with it is a verdict rather than a token that expired or was revoked. */
  isFresh: boolean;
}

export interface RoaringTokens {
  get(): Promise<RoaringAccessToken>;
  /** Drops `value` if it is still the cached token, after the API refused it. */
  forget(value: string): void;
}

// Renewed this long before Roaring's stated expiry, so a token does not run out between the check and its use or
// during one lookup's four calls: Roaring's tokens last an hour (`expires_in: 3600`). A token granted for less than
// two minutes is kept for half its life instead, or it would count as stale the moment it arrived.
const REFRESH_MARGIN_MS = 60_000;

/**
 * OAuth 2.0 client credentials against Roaring's token service (help.roaring.io, "Company Report API", step 3):
 * `POST /token`, `grant_type=client_credentials`, the client id and secret as HTTP Basic, answered with
 * `{ access_token, token_type: "Bearer", expires_in }`. The token is kept until shortly before it expires, and
 * concurrent lookups share one request for a new one.
 */
export function createRoaringTokens(config: {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}): RoaringTokens {
  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
  let cached: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const answer = await requestRoaring(
      config.tokenUrl,
      {
        method: 'POST',
        headers: {
          authorization: basic,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      config.timeoutMs,
    );
    if (answer.status !== 200) throw roaringHttpError('token', answer);
    const body = parseJson('token', answer) as { access_token?: unknown; expires_in?: unknown } | null;
    const value = body?.access_token;
    const expiresIn = Number(body?.expires_in);
    if (typeof value !== 'string' || value.length === 0) throw invalidAnswer('token', 'no access_token');
    if (!Number.isFinite(expiresIn) || expiresIn <= 0) throw invalidAnswer('token', 'no expires_in');
    const lifetimeMs = expiresIn * 1000;
    cached = { value, renewAt: Date.now() + lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2) };
    return value;
  }

  return {
    async get() {
      if (cached && Date.now() < cached.renewAt) return { value: cached.value, isFresh: false };
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return { value: await pending, isFresh: true };
    },
    forget(value) {
      if (cached?.value === value) cached = undefined;
    },
  };
}
