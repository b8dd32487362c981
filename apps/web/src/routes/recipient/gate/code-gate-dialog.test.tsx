import type { ServerResponse } from 'node:http';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { type RecordedRequest, sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { CodeGateDialog, type CodeGateDialogProps } from './code-gate-dialog.tsx';
import { createLinkGateApi } from './link-gate-api.ts';

const linkId = 'ABCDEFGH';
const key = 'k'.repeat(32);

type Route = (request: RecordedRequest, response: ServerResponse) => void;
const failWith =
  (status: number, code: string, details?: unknown): Route =>
  (_request, response) =>
    sendJson(response, status, { code, message: code, requestId: 'req-1', details });

/** The gate endpoints as the server answers them; a test replaces the answers it is about. */
async function startGateServer(overrides: { send?: Route[]; validate?: Route[]; access?: Route[] } = {}) {
  const queues = {
    send: [...(overrides.send ?? [])],
    validate: [...(overrides.validate ?? [])],
    access: [...(overrides.access ?? [])],
  };
  return startTestHttpServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const pick = (queue: Route[], fallback: Route) => (queue.shift() ?? fallback)(request, response);
    if (/\/links\/ABCDEFGH\/(sms|email)$/.test(path)) {
      return pick(queues.send, (_r, res) => sendJson(res, 200, { ClientAccessKey: key }));
    }
    if (path.endsWith('/validation/validate')) {
      return pick(queues.validate, (_r, res) => sendJson(res, 200, { ClientAccessKey: key, Type: 'sms', Use: 'gate' }));
    }
    if (path.endsWith('/access')) return pick(queues.access, (_r, res) => sendJson(res, 200, accessFixture));
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'req-x' });
  });
}

function Dialog(props: Omit<CodeGateDialogProps, 'api'>) {
  const client = useApiClient();
  const api = useMemo(() => createLinkGateApi(client, linkId), [client]);
  return <CodeGateDialog {...props} api={api} />;
}

function bodyOf(request: RecordedRequest | undefined) {
  return request ? JSON.parse(request.body) : undefined;
}

describe('the e-mail access dialog (SPEC section 4)', () => {
  it('sends to the predefined masked address without input, checks the code, opens the link, then shows done', async () => {
    const server = await startGateServer();
    const onAccess = vi.fn();
    renderWithApp(<Dialog channel="email" masked="a***@example.com" onAccess={onAccess} />, {
      apiBaseUrl: server.apiBase,
    });
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Verify with e-mail' });
    expect(dialog.textContent).toContain('we will e-mail a code to a***@example.com');
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByRole('textbox', { name: 'Code from the e-mail' });
    expect(document.activeElement).toBe(code);
    expect(bodyOf(server.requests[0])).toEqual({});
    // SPEC section 9: at least 4 characters; a shorter code is not sent.
    await user.type(code, 'ab3{Enter}');
    expect(screen.getByText('The code is at least 4 characters.')).toBeTruthy();
    expect(server.requests).toHaveLength(1);

    await user.type(code, 'c9{Enter}');
    await screen.findByText('Done. Opening the document…');
    expect(bodyOf(server.requests[1])).toEqual({ Code: 'AB3C9', ClientAccessKey: key });
    expect(bodyOf(server.requests[2])).toMatchObject({ linkID: linkId, EmailClientAccessKey: key });
    expect(onAccess).toHaveBeenCalledWith(accessFixture);
  });

  it('a wrong code and a refused access go back to verify with the error; 500 is "could not access"', async () => {
    const server = await startGateServer({
      validate: [failWith(406, 'WRONG_CODE', { reason: 'mismatch' })],
      access: [failWith(500, 'SERVER_ERROR'), failWith(500, 'SERVER_ERROR')],
    });
    const onAccess = vi.fn();
    renderWithApp(<Dialog channel="email" masked={null} onAccess={onAccess} />, { apiBaseUrl: server.apiBase });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'anna@Example.COM{Enter}');
    const code = await screen.findByRole('textbox', { name: 'Code from the e-mail' });
    expect(bodyOf(server.requests[0])).toEqual({ value: 'anna@example.com' });
    expect(screen.getByText(/We have e-mailed a code to anna@Example.COM/)).toBeTruthy();

    await user.type(code, 'WRONG1{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Wrong code.');
    // WCAG 3.3.1: the refusal belongs to the field, which keeps the focus for the next try.
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(document.activeElement).toBe(code);
    await user.clear(code);
    await user.type(code, 'RIGHT1{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Access could not be granted.'));
    expect(screen.getByRole('textbox', { name: 'Code from the e-mail' })).toBeTruthy();
    expect(onAccess).not.toHaveBeenCalled();
  });

  it('refuses an invalid address before sending, and a wrong one (406) back at input', async () => {
    const server = await startGateServer({ send: [failWith(406, 'WRONG_EMAIL')] });
    renderWithApp(<Dialog channel="email" masked={null} onAccess={vi.fn()} />, { apiBaseUrl: server.apiBase });
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'E-mail address' });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeTruthy();
    await user.type(field, 'not-an-address{Enter}');
    expect(server.requests).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'someone@example.com{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail address.');
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toBeTruthy();
  });

  it('a locked gate says so and stops the dialog', async () => {
    const server = await startGateServer({ validate: [failWith(403, 'ACCESS_FAILED', { reason: 'gate-locked' })] });
    renderWithApp(<Dialog channel="email" masked="a***@example.com" onAccess={vi.fn()} />, {
      apiBaseUrl: server.apiBase,
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the e-mail' }), 'ABCDEF{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('The link is locked until the sender sends it');
    expect(screen.getByRole('button', { name: 'Open the document' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Send a new code' })).toHaveProperty('disabled', true);
  });
});

describe('the SMS access dialog (SPEC sections 4 and 5)', () => {
  it('checks the number (default country SE) and sends it as E.164; the code is exactly 4 digits', async () => {
    const server = await startGateServer();
    const onAccess = vi.fn();
    renderWithApp(<Dialog channel="sms" masked={null} onAccess={onAccess} />, { apiBaseUrl: server.apiBase });
    const user = userEvent.setup();
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.type(phone, '+46 070 123{Enter}');
    expect(screen.getByText('The phone number is not valid.')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, '070-123 45 67{Enter}');
    const code = await screen.findByRole('textbox', { name: 'Code from the text message' });
    expect(bodyOf(server.requests[0])).toEqual({ value: '+46701234567' });
    expect(server.requests[0]?.url).toBe(`/v2/linktinker/links/${linkId}/sms`);
    await user.type(code, '12a3{Enter}');
    expect((code as HTMLInputElement).value).toBe('123');
    expect(screen.getByText('The code is 4 digits.')).toBeTruthy();
    await user.type(code, '4{Enter}');
    await screen.findByRole('status');
    expect(bodyOf(server.requests[2])).toMatchObject({ SmsClientAccessKey: key });
    expect(onAccess).toHaveBeenCalledOnce();
  });

  it('a wrong number goes back to input with the error; "use another number" returns there too', async () => {
    const server = await startGateServer({ send: [failWith(406, 'WRONG_PHONE')] });
    renderWithApp(<Dialog channel="sms" masked={null} onAccess={vi.fn()} />, { apiBaseUrl: server.apiBase });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0701234567{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong phone number.');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Use another number' }));
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toBeTruthy();
  });

  it('a resend refused by the send limit waits the server’s retryAfterSeconds', async () => {
    const server = await startGateServer({
      send: [
        (_r, res) => sendJson(res, 200, { ClientAccessKey: key }),
        failWith(429, 'RATE_LIMITED', { retryAfterSeconds: 30 }),
      ],
    });
    renderWithApp(<Dialog channel="sms" masked="+46 *** *** 567" onAccess={vi.fn()} />, { apiBaseUrl: server.apiBase });
    const user = userEvent.setup();
    expect(screen.getByText(/we will text a code to \+46\s\*\*\*\s\*\*\*\s567/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    const wait = await screen.findByRole('button', { name: /Send a new code \((29|30) s\)/ });
    expect(wait).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toMatch(/ask for a new one in (29|30) seconds/);
    expect(screen.queryByRole('button', { name: 'Use another number' })).toBeNull();
  });

  it('when the link also asks for e-mail, a valid address is needed before the code is sent', async () => {
    const server = await startGateServer();
    renderWithApp(<Dialog channel="sms" masked="+46 *** *** 567" needsEmailToo onAccess={vi.fn()} />, {
      apiBaseUrl: server.apiBase,
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'anna@example.com{Enter}');
    await screen.findByRole('textbox', { name: 'Code from the text message' });
    await act(() => Promise.resolve());
    expect(server.requests).toHaveLength(1);
  });
});
