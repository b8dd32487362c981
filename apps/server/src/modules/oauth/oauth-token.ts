import type OAuth2Server from '@node-oauth/oauth2-server';
import { OAuthError, Request, Response } from '@node-oauth/oauth2-server';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * `POST /v2/oauth/token`: the library handles the form (RFC 6749 sections 4.1.3, 6) and answers RFC errors. A
 * refusal is logged by its RFC code and description, never the code, token, verifier or secret sent.
 */
export async function answerTokenRequest(server: OAuth2Server, request: FastifyRequest, reply: FastifyReply) {
  const oauthRequest = new Request({
    method: request.method,
    headers: { ...(request.headers as Record<string, string>), ...formDecodedBasic(request.headers.authorization) },
    query: {},
    body: (request.body ?? {}) as Record<string, unknown>,
  });
  const oauthResponse = new Response();
  try {
    await server.token(oauthRequest, oauthResponse);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const status = oauthResponse.status ?? 400;
    const grantType = (request.body as Record<string, unknown> | undefined)?.grant_type;
    if (status >= 500) request.log.error({ err: error }, 'oauth token failed');
    else request.log.info({ oauthError: error.name, reason: error.message, grantType }, 'oauth token refused');
    const body =
      status >= 500 ? { error: 'server_error', error_description: 'Server error' } : (oauthResponse.body as object);
    // RFC 6749 section 5.2's shape, not the catalogue's: the route's schema would refuse it, so it is sent as is.
    return reply
      .code(status)
      .headers({ ...oauthResponse.headers, 'cache-control': 'no-store' })
      .serializer(JSON.stringify)
      .type('application/json; charset=utf-8')
      .send(body);
  }
  return reply
    .code(200)
    .headers(oauthResponse.headers ?? {})
    .send(oauthResponse.body);
}

/**
 * RFC 6749 section 2.3.1: client_secret_basic form-encodes the id and secret before Base64 (so `_` may come as
 * `%5F`); the library reads them raw, so they are decoded here first. Anything unreadable is left for it to refuse.
 */
function formDecodedBasic(header: string | undefined): { authorization?: string } {
  if (!header?.startsWith('Basic ')) return {};
  const decoded = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return {};
  const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  try {
    const pair = `${formDecode(decoded.slice(0, colon))}:${formDecode(decoded.slice(colon + 1))}`;
    return { authorization: `Basic ${Buffer.from(pair, 'utf8').toString('base64')}` };
  } catch {
    return {};
  }
}
