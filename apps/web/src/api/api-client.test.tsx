import { defineRoute } from '@signlink/contracts/http/route-contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithApp } from '../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHandler, type TestHttpServer } from '../../test/test-http-server.ts';
import { basicAuthorization, ContractDriftError, webClientId } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { authStorageKey } from './auth-store.ts';
import { useApiQuery } from './use-api-query.ts';

let server: TestHttpServer | undefined;

/** A real server answering with `handler`, and the app's real services pointed at it. */
async function setUp(handler: TestHandler) {
  server = await startTestHttpServer(handler);
  const { services } = renderWithApp(null, { apiBaseUrl: server.apiBase });
  return { ...services, requests: server.requests };
}

/** Runs a call to completion inside act(), so the dialogs it opens are rendered; returns its error, if any. */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  let failure: unknown;
  await act(async () => {
    await call.then(
      () => {},
      (error: unknown) => {
        failure = error;
      },
    );
  });
  if (!(failure instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(failure)}`);
  return failure;
}

const serverError = { code: 'SERVER_ERROR', message: 'boom', requestId: 'req-500' };

describe('API client against a real HTTP server', () => {
  it('calls /v2/ with client credentials before login and the bearer token after', async () => {
    const { apiClient, authStore, requests } = await setUp((_req, res) => sendJson(res, 200, { ok: true }));
    await expect(
      apiClient.request({ method: 'GET', path: 'linktinker/links/ABC', query: { requestToken: 't 1' } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(requests[0]?.url).toBe('/v2/linktinker/links/ABC?requestToken=t+1');
    expect(requests[0]?.headers.authorization).toBe(basicAuthorization(webClientId));
    expect(requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${webClientId}:`).toString('base64')}`);

    authStore.setToken('secret-token');
    await apiClient.request({ method: 'POST', path: 'linktinker/errands/1/duplicate', body: { name: 'Copy' } });
    expect(requests[1]?.method).toBe('POST');
    expect(requests[1]?.headers.authorization).toBe('Bearer secret-token');
    expect(requests[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[1]?.body ?? '')).toEqual({ name: 'Copy' });
    expect(requests[1]?.headers['accept-language']).toBe('en-us');
  });

  it('tries a call once more after a 5xx and returns the second answer', async () => {
    const { apiClient, requests } = await setUp((_req, res, index) =>
      index === 0 ? sendJson(res, 503, serverError) : sendJson(res, 200, { value: 42 }),
    );
    await expect(apiClient.request({ method: 'GET', path: 'linktinker/ip' })).resolves.toEqual({ value: 42 });
    expect(requests).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tries a timed-out call (408) once more too', async () => {
    const { apiClient, requests } = await setUp((_req, res, index) =>
      index === 0 ? sendJson(res, 408, { code: 'REQUEST_TIMEOUT', message: 'slow', requestId: 'r' }) : res.end(),
    );
    await apiClient.request({ method: 'GET', path: 'linktinker/ip' });
    expect(requests).toHaveLength(2);
  });

  it('stops after two tries and shows the localised catalogue message with the request id', async () => {
    const { apiClient, requests, i18n } = await setUp((_req, res) => sendJson(res, 500, serverError));
    await act(() => i18n.changeLanguage('sv'));
    const error = await failureOf(apiClient.request({ method: 'GET', path: 'linktinker/errands' }));
    expect(requests).toHaveLength(2);
    expect(error.code).toBe('SERVER_ERROR');
    const dialog = await screen.findByRole('dialog', { name: 'Något gick fel' });
    expect(dialog.textContent).toContain('Något gick fel hos oss. Försök igen eller avbryt.');
    expect(dialog.textContent).toContain('Referens: req-500');
  });

  it('sends a call that asks for no extra try only once, even on a 5xx', async () => {
    const { apiClient, requests } = await setUp((_req, res) => sendJson(res, 502, serverError));
    const error = await failureOf(
      apiClient.request({
        method: 'POST',
        path: 'linktinker/app/bankid',
        body: {},
        ...{ silent: true, extraTries: 0 },
      }),
    );
    expect(requests).toHaveLength(1);
    expect(error.status).toBe(502);
  });

  it('does not repeat a client error, and shows its own message', async () => {
    const { apiClient, requests } = await setUp((_req, res) =>
      sendJson(res, 410, { code: 'LINK_RECALLED', message: 'recalled', requestId: 'req-410' }),
    );
    const error = await failureOf(apiClient.request({ method: 'GET', path: 'linktinker/links/ABC' }));
    expect(requests).toHaveLength(1);
    expect(error.status).toBe(410);
    expect(error.shown).toBe(true);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The link has been recalled by its owner.');
    expect(dialog.textContent).toContain('Reference: req-410');
  });

  it('logs out and opens the logged-out dialog on a 401 to an authenticated call', async () => {
    const { apiClient, authStore } = await setUp((_req, res) =>
      sendJson(res, 401, { code: 'UNAUTHENTICATED', message: 'no', requestId: 'req-401' }),
    );
    authStore.setToken('expired-token');
    expect(window.localStorage.getItem(authStorageKey)).toBe('expired-token');

    // Two calls fail together; the user is told once.
    await failureOf(
      Promise.all([
        apiClient.request({ method: 'GET', path: 'user' }),
        apiClient.request({ method: 'GET', path: 'linktinker/app/balance' }),
      ]),
    );
    expect(authStore.getToken()).toBeNull();
    expect(window.localStorage.getItem(authStorageKey)).toBeNull();
    expect(await screen.findAllByRole('dialog')).toHaveLength(1);
    const dialog = screen.getByRole('dialog', { name: 'Session ended' });
    expect(dialog.textContent).toContain('You have been logged out. Please log in again.');

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(window.location.hash).toBe('#/login');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('treats a 401 without a token as an ordinary error, not a logout', async () => {
    const { apiClient } = await setUp((_req, res) =>
      sendJson(res, 401, { code: 'BAD_CREDENTIALS', message: 'no', requestId: 'req-bad' }),
    );
    await failureOf(apiClient.request({ method: 'POST', path: 'oauth/generatetoken', body: { user: 'a' } }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('Wrong e-mail address or password.');
  });

  it('opens nothing for a silent call, whatever fails', async () => {
    const { apiClient, authStore, dialogStore, requests } = await setUp((req, res) =>
      req.url.endsWith('/user') ? sendJson(res, 401, serverError) : sendJson(res, 500, serverError),
    );
    const error = await failureOf(
      apiClient.request({ method: 'GET', path: 'linktinker/errands', ...{ silent: true } }),
    );
    expect(error.status).toBe(500);
    expect(error.shown).toBe(false);
    expect(requests).toHaveLength(2);

    authStore.setToken('old');
    await failureOf(apiClient.request({ method: 'GET', path: 'user', ...{ silent: true } }));
    // A 401 still logs out: the session is gone for every screen.
    expect(authStore.getToken()).toBeNull();
    expect(dialogStore.getEntries()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers "try again" when the call allows it, and repeats the call on request', async () => {
    const { apiClient, requests } = await setUp((_req, res, index) =>
      index < 2 ? sendJson(res, 502, serverError) : sendJson(res, 200, { done: true }),
    );
    let result: unknown;
    const call = apiClient
      .request({ method: 'POST', path: 'linktinker/links', body: { name: 'x' }, ...{ tryAgain: true } })
      .then((value) => {
        result = value;
      });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await act(() => call);
    expect(result).toEqual({ done: true });
    expect(requests).toHaveLength(3);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('rejects when the user cancels the retry dialog', async () => {
    const { apiClient, requests } = await setUp((_req, res) => sendJson(res, 500, serverError));
    const call = apiClient.request({ method: 'GET', path: 'linktinker/templates', ...{ tryAgain: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect((await failureOf(call)).code).toBe('SERVER_ERROR');
    expect(requests).toHaveLength(2);
  });

  it('reports an unreachable server as a network failure after two tries', async () => {
    const { apiClient } = await setUp((_req, res) => res.end());
    await server?.close();
    const error = await failureOf(apiClient.request({ method: 'GET', path: 'linktinker/ip' }));
    expect(error.isNetworkFailure).toBe(true);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('We could not reach the server.');
  });
});

/** Contracts of the client's own tests: their answers are made up, so they are not the product's contracts. */
const balanceRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/balance',
  summary: 'test',
  tags: [],
  callers: ['session'],
  responses: { 200: z.object({ total: z.number() }) },
  errors: [],
});
const linkRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/things',
  summary: 'test',
  tags: [],
  callers: ['link-code'],
  params: z.object({ id: z.string() }),
  query: z.object({ requestToken: z.string() }),
  body: z.object({ name: z.string() }),
  responses: { 200: z.object({ ok: z.boolean() }) },
  errors: [],
});
const fileRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/files/:id',
  summary: 'test',
  tags: [],
  callers: ['content-token'],
  params: z.object({ id: z.string() }),
  responses: { 200: null },
  file: true,
  errors: [],
});

describe('api(contract, input)', () => {
  it('fills and encodes the path, sends the query and body, and returns the answer', async () => {
    const { apiClient, requests } = await setUp((_req, res) => sendJson(res, 200, { ok: true }));
    const answer = await apiClient.api(linkRoute, {
      params: { id: 'A B/C' },
      query: { requestToken: 't 1' },
      body: { name: 'x' },
    });
    expect(answer.ok).toBe(true);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/v2/linktinker/links/A%20B%2FC/things?requestToken=t+1');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ name: 'x' });
  });

  it('fails when the answer is not what the contract says (development and tests)', async () => {
    const { apiClient } = await setUp((_req, res) => sendJson(res, 200, { ok: 'yes' }));
    await expect(
      apiClient.api(linkRoute, { params: { id: 'A' }, query: { requestToken: 't' }, body: { name: 'x' } }),
    ).rejects.toThrow(ContractDriftError);
  });

  it("gives a file route's Response unread", async () => {
    const { apiClient } = await setUp((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
    });
    const response = await apiClient.api(fileRoute, { params: { id: 'F1' } });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(await response.text()).toBe('%PDF-1.7');
  });
});

function Balance() {
  const query = useApiQuery(balanceRoute, {});
  if (query.isPending) return <p>loading</p>;
  if (query.isError) return <p>failed: {query.error.code}</p>;
  return <p>balance {query.data.total}</p>;
}

describe('useApiQuery', () => {
  it('loads through the API client, cached by TanStack Query', async () => {
    server = await startTestHttpServer((_req, res) => sendJson(res, 200, { total: 125 }));
    renderWithApp(<Balance />, { apiBaseUrl: server.apiBase });
    expect(await screen.findByText('balance 125')).toBeTruthy();
    expect(server.requests[0]?.url).toBe('/v2/linktinker/app/balance');
  });

  it('does not retry on top of the client, and surfaces the error', async () => {
    server = await startTestHttpServer((_req, res) => sendJson(res, 500, serverError));
    renderWithApp(<Balance />, { apiBaseUrl: server.apiBase });
    expect(await screen.findByText('failed: SERVER_ERROR')).toBeTruthy();
    expect(server.requests).toHaveLength(2);
  });
});
