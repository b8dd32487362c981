import type { DevMessage } from '@signlink/contracts/messaging/dev-messages';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAppAt } from '../../../test/render-app.tsx';
import {
  type RecordedRequest,
  sendJson,
  startTestHttpServer,
  type TestHttpServer,
} from '../../../test/test-http-server.ts';
import { refreshIntervalMs } from './use-dev-messages.ts';

let server: TestHttpServer | undefined;

const email: DevMessage = {
  id: '00001760000000000-abcdef12',
  channel: 'email',
  from: 'Signlink <no-reply@signlink.app>',
  to: ['someone@example.com'],
  subject: 'Anna sent you “Lease.pdf” to sign',
  text: 'Open the document: http://localhost:3000/ABCD1234EFGH.\nThanks!',
  hasHtml: true,
  links: ['http://localhost:3000/ABCD1234EFGH', 'http://localhost:3000/help'],
  headers: {},
  receivedAt: '2026-03-01T10:15:30.000Z',
  attachments: [{ filename: 'Lease.pdf', contentType: 'application/pdf', size: 2000 }],
};
const sms: DevMessage = {
  id: '00001759999999999-12345678',
  channel: 'sms',
  from: '+46700000000',
  to: ['+46701234567'],
  text: 'Your code: 1234',
  hasHtml: false,
  links: [],
  headers: {},
  receivedAt: '2026-03-01T10:15:00.000Z',
  status: 'delivered',
};

/** A server with a developer mailbox holding `messages`; POSTs answer with `sendAnswer`. */
async function openMailbox(messages: DevMessage[], sendAnswer: [number, unknown] = [202, { messageId: 'm1' }]) {
  server = await startTestHttpServer((request, response) => {
    if (request.method === 'POST') return sendJson(response, ...sendAnswer);
    const recipient = new URL(request.url, 'http://x').searchParams.get('recipient');
    sendJson(response, 200, { messages: messages.filter((m) => !recipient || m.to.includes(recipient)) });
  });
  const rendered = renderAppAt('#/dev/mailbox', { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'Developer mailbox', level: 1 });
  return { ...rendered, requests: server.requests };
}

/** The send form's fields; the header has a language select of its own. */
const sendForm = (name = 'Send a test message') => within(screen.getByRole('region', { name }));
const listRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'GET');

describe('developer mailbox page', () => {
  it('lists e-mails and texts, newest first, with their links clickable', async () => {
    const { requests } = await openMailbox([email, sms]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(listRequests(requests)[0]?.url).toBe('/v2/dev/messages?limit=50');

    const mail = within(cards[0] as HTMLElement);
    expect(mail.getByText('E-mail')).toBeTruthy();
    expect(mail.getByRole('heading', { name: email.subject })).toBeTruthy();
    expect(mail.getByText('someone@example.com')).toBeTruthy();
    expect(mail.getByText('Lease.pdf (2 kB)')).toBeTruthy();
    const time = cards[0]?.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(email.receivedAt);
    expect(time?.textContent).toMatch(/2026/);
    // The body's URL (without the full stop) and the message's link list are both real links.
    const links = mail.getAllByRole('link', { name: 'http://localhost:3000/ABCD1234EFGH' });
    expect(links).toHaveLength(2);
    for (const link of [...links, mail.getByRole('link', { name: 'http://localhost:3000/help' })]) {
      expect(link.tagName).toBe('A');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(mail.getByText(/Thanks!/).textContent).toContain('.\nThanks!');

    const text = within(cards[1] as HTMLElement);
    expect(text.getByText('SMS')).toBeTruthy();
    expect(text.getByText('Delivered')).toBeTruthy();
    expect(text.getByText('+46701234567')).toBeTruthy();
    expect(text.queryByRole('button', { name: 'View HTML' })).toBeNull();
    expect(text.queryByText('Attachments')).toBeNull();
  });

  it("shows an e-mail's HTML in a sandboxed frame, and links it for a new tab", async () => {
    await openMailbox([email]);
    const htmlPath = `/v2/dev/messages/${email.id}/html`;
    expect((await screen.findByRole('link', { name: 'Open HTML in a new tab' })).getAttribute('href')).toMatch(
      new RegExp(`${htmlPath}$`),
    );
    fireEvent.click(screen.getByRole('button', { name: 'View HTML' }));
    const frame = screen.getByTitle(`The e-mail “${email.subject}” as HTML`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(new RegExp(`${htmlPath}$`));
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    fireEvent.click(screen.getByRole('button', { name: 'Hide HTML' }));
    expect(screen.queryByTitle(`The e-mail “${email.subject}” as HTML`)).toBeNull();
  });

  it('asks the server for one recipient once typing pauses, and says when there is nothing', async () => {
    const { requests } = await openMailbox([email, sms]);
    await screen.findAllByRole('article');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Recipient' }), { target: { value: ' nobody@x.se ' } });
    expect(await screen.findByText('No messages to nobody@x.se yet', {}, { timeout: 3000 })).toBeTruthy();
    expect(listRequests(requests).at(-1)?.url).toBe('/v2/dev/messages?recipient=nobody%40x.se&limit=50');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('shows the empty state when nothing was received', async () => {
    await openMailbox([]);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('says the mailbox exists only in development when the API has no such route, without a dialog', async () => {
    // The page's timers run on a clock the test moves on, so the refresh that must not come is not waited for.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      server = await startTestHttpServer((_request, response) =>
        sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'No such route', requestId: 'r1' }),
      );
      renderAppAt('#/dev/mailbox', { apiBaseUrl: server.apiBase });
      expect(await screen.findByText(/The developer mailbox is only available in development/)).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
      // It stops asking: a 404 will not go away by itself. A refresh would call fetch as its timer fires.
      await act(() => vi.advanceTimersByTimeAsync(refreshIntervalMs * 3));
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(server.requests).toHaveLength(1);
    } finally {
      fetchSpy.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('sending a test message', () => {
  it('posts the chosen kind, channel, address, language and brand, and says it was sent', async () => {
    const { requests } = await openMailbox([]);
    fireEvent.change(sendForm().getByLabelText('Message'), { target: { value: 'pin-reset' } });
    fireEvent.change(sendForm().getByLabelText('Channel'), { target: { value: 'sms' } });
    fireEvent.change(sendForm().getByLabelText(/Phone number/), { target: { value: ' 0701234567 ' } });
    fireEvent.change(sendForm().getByLabelText('Language'), { target: { value: 'sv' } });
    fireEvent.change(sendForm().getByLabelText('Brand'), { target: { value: 'pdfblankett' } });
    fireEvent.click(sendForm().getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent. It appears in the list within a few seconds.')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/v2/dev/messages');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      kind: 'pin-reset',
      channel: 'sms',
      to: '0701234567',
      locale: 'sv',
      brand: 'pdfblankett',
    });
  });

  it("writes the example in the page's language until another is picked", async () => {
    const { requests, services } = await openMailbox([]);
    await act(() => services.i18n.changeLanguage('es'));
    const form = sendForm('Enviar un mensaje de prueba');
    fireEvent.change(form.getByLabelText(/Dirección de correo/), { target: { value: 'a@b.se' } });
    fireEvent.click(form.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Enviado. Aparecerá en la lista en unos segundos.');
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toMatchObject({ kind: 'document-invitation', channel: 'email', locale: 'es' });
    expect(post?.headers['accept-language']).toBe('es');
  });

  it('offers texts only for the kinds that may be texted', async () => {
    await openMailbox([]);
    const channel = sendForm().getByLabelText('Channel') as HTMLSelectElement;
    fireEvent.change(channel, { target: { value: 'whatsapp' } });
    expect(channel.value).toBe('whatsapp');
    fireEvent.change(sendForm().getByLabelText('Message'), { target: { value: 'receipt' } });
    expect(channel.value).toBe('email');
    expect([...channel.options].map((option) => option.value)).toEqual(['email']);
    expect(screen.getByText('This message is sent by e-mail only.')).toBeTruthy();
  });

  it("shows the server's localised message inline when the address is refused", async () => {
    await openMailbox([], [400, { code: 'INVALID_EMAIL', message: 'Ogiltig e-postadress: "nope"', requestId: 'r2' }]);
    fireEvent.change(sendForm().getByLabelText(/E-mail address/), { target: { value: 'nope' } });
    fireEvent.click(sendForm().getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ogiltig e-postadress: "nope"');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
