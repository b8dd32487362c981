import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';
import type { AppServices } from '../../lib/create-app-services.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

const id = 'inv_0123456789abcdefghij';
const details = {
  Id: id,
  Kind: 'user',
  CompanyName: 'Acme AB',
  InviterName: 'Anna Admin',
  EmailAddressMasked: 'd•••@signlink.test',
  Role: 5,
  Status: 'pending',
};
const joined = () => {
  const auth = authStateFor({ token: 'acme-token' });
  return { ...auth, user: { ...auth.user, AccountId: 'acc-acme', AccountName: 'Acme AB', Role: 5 } };
};

type AcceptAnswer = [number, unknown];

async function open({
  signedIn,
  detailsAnswer = [200, details],
  acceptAnswer = [201, joined()],
}: {
  signedIn: boolean;
  detailsAnswer?: AcceptAnswer;
  acceptAnswer?: AcceptAnswer;
}) {
  if (signedIn) localStorage.setItem(authStorageKey, 'token-1');
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') return sendJson(response, 200, authStateFor());
    if (path === `/v2/linktinker/app/account/invitations/${id}/details`) return sendJson(response, ...detailsAnswer);
    if (path === `/v2/linktinker/app/account/invitations/${id}/accept`) return sendJson(response, ...acceptAnswer);
    if (path === '/v2/oauth/logout') return sendJson(response, 200, {});
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  ({ services } = renderAppAt(`#/register/${id}`, { apiBaseUrl: server.apiBase }));
  await screen.findByRole('heading', { name: 'Join Acme AB' });
  return server.requests;
}

const error = (status: number, code: string, details?: unknown) =>
  [status, { code, message: code, requestId: 'r', details }] as AcceptAnswer;

describe('/register/{id}, accepting an invitation (SPEC sections 2 and 5)', () => {
  it('shows the invitation and accepts it for the signed-in user, who then acts for the company', {
    timeout: 15_000,
  }, async () => {
    const requests = await open({ signedIn: true });
    expect(screen.getByText('Anna Admin has invited you to Acme AB on this service.')).toBeTruthy();
    expect(screen.getByText('d•••@signlink.test')).toBeTruthy();
    expect(screen.getByText('Regular user')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme AB' }));
    expect((await screen.findByRole('status')).textContent).toBe('Welcome! You now act for Acme AB.');
    expect(services?.authStore.getToken()).toBe('acme-token');
    const accept = requests.find((r) => r.url.endsWith('/accept'));
    expect(accept?.headers.authorization).toBe('Bearer token-1');
    // The details were read without the user's token: the page works before anyone logs in.
    expect(requests.find((r) => r.url.endsWith('/details'))?.headers.authorization).toMatch(/^Basic /);
    // Not asked again once accepted (it would answer INVITATION_ALREADY_ACCEPTED).
    expect(requests.filter((r) => r.url.endsWith('/details'))).toHaveLength(1);
  });

  it('offers log in and create account to someone signed out, and remembers to come back', {
    timeout: 15_000,
  }, async () => {
    await open({ signedIn: false });
    expect(screen.queryByRole('button', { name: 'Join Acme AB' })).toBeNull();
    const logIn = screen.getByRole('link', { name: 'Log in' });
    expect(logIn.getAttribute('href')).toBe('#/login');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('#/createaccount');
    fireEvent.click(logIn);
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(sessionStorage.getItem('signlink.returnTo')).toBe(`/register/${id}`);
  });

  it.each([
    [error(409, 'ALREADY_HAS_COMPANY_ACCESS'), 'You already have access to this company account.'],
    [
      error(403, 'FORBIDDEN', { reason: 'invitation-for-another-email' }),
      'The invitation was sent to d•••@signlink.test, not to the address you are logged in with.',
    ],
  ])('tells why accepting fails (%j)', { timeout: 15_000 }, async (acceptAnswer, message) => {
    await open({ signedIn: true, acceptAnswer });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme AB' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(services?.authStore.getToken()).toBe('token-1');
  });

  it.each([
    [error(410, 'INVITATION_CANCELLED'), 'This invitation has been cancelled. Ask the company for a new one.'],
    [error(409, 'INVITATION_ALREADY_ACCEPTED'), 'This invitation has already been accepted.'],
    [error(404, 'NOT_FOUND', { resource: 'invitation' }), 'Check that the whole link was copied.'],
  ])('says why an invitation cannot be used (%j)', { timeout: 15_000 }, async (detailsAnswer, message) => {
    server = await startTestHttpServer((_request, response) => sendJson(response, ...detailsAnswer));
    ({ services } = renderAppAt(`#/register/${id}`, { apiBaseUrl: server.apiBase }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('heading', { name: 'Registration' })).toBeTruthy();
  });

  it('returns from login to the invitation once signed in', { timeout: 15_000 }, async () => {
    sessionStorage.setItem('signlink.returnTo', `/register/${id}`);
    localStorage.setItem(authStorageKey, 'token-1');
    server = await startTestHttpServer((request, response) => {
      const path = pathOf(request.url);
      if (path === '/v2/user') return sendJson(response, 200, authStateFor());
      sendJson(response, 200, details);
    });
    ({ services } = renderAppAt('#/login', { apiBaseUrl: server.apiBase }));
    expect(await screen.findByRole('button', { name: 'Join Acme AB' })).toBeTruthy();
    expect(window.location.hash).toBe(`#/register/${id}`);
  });
});
