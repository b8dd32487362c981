import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../../server/test/start-server-process.ts';
import { renderAppAt } from '../../../test/render-app.tsx';

const fixturePdf = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../shared/fixtures/pdfs/minimal-document.pdf',
);
const clientAuthorization = `Basic ${btoa('signlink-web:')}`;

/** The seeded demo sender sends a document to one party by e-mail, with verification: the link's gate is e-mail. */
async function sendEmailGatedDocument(apiBase: string, email: string): Promise<string> {
  const call = async <T,>(
    method: string,
    url: string,
    token: string | null,
    body?: unknown,
    type = 'application/json',
  ) => {
    const response = await fetch(`${apiBase}${url}`, {
      method,
      headers: { Authorization: token ? `Bearer ${token}` : clientAuthorization, 'Content-Type': type },
      body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : (body as BodyInit),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const login = { email: 'demo@signlink.test', password: 'signlink-demo' };
  const { accessToken } = await call<{ accessToken: string }>('POST', 'oauth/generatetoken', null, login);
  const draft = await call<{ Id: string; Files: { Id: string }[] }>(
    'POST',
    'linktinker/files?name=Lease%202027.pdf',
    accessToken,
    new Uint8Array(fs.readFileSync(fixturePdf)),
    'application/pdf',
  );
  await call('PUT', `linktinker/projects/${draft.Id}`, accessToken, {
    Title: 'Lease 2027',
    AccessLevel: 'private',
    Settings: { requireVerification: true },
    Message: '',
    Parties: [
      {
        SignatureIndex: 1,
        Name: 'Anna Andersson',
        Email: email,
        InvitationMethod: 'email',
        SignatureType: 'e-signature',
        GetPaid: false,
      },
    ],
  });
  const signature = {
    id: 'sig',
    type: 'signature',
    signatureIndex: 1,
    page: 1,
    x: 72,
    y: 500,
    width: 200,
    height: 50,
    required: true,
  };
  await call('POST', `linktinker/files/${draft.Files[0]?.Id}/rules`, accessToken, { Fields: [signature] });
  const sent = await call<{ Links: { Code: string }[] }>('POST', 'linktinker/links', accessToken, {
    ProjectId: draft.Id,
  });
  const code = sent.Links[0]?.Code;
  if (!code) throw new Error('no link');
  return code;
}

/** The e-mail code as the person reads it in their inbox: the developer mailbox's newest code message. */
async function emailCodeFor(apiBase: string, address: string, after: Set<string>): Promise<string> {
  let code: string | undefined;
  await waitFor(
    async () => {
      const response = await fetch(`${apiBase}dev/messages?recipient=${encodeURIComponent(address)}`);
      const { messages } = (await response.json()) as { messages: { id: string; subject?: string; text: string }[] };
      const fresh = messages.find(
        (message) => !after.has(message.id) && /\b[2-9A-HJ-NP-Z]{6}\b/.test(message.subject ?? ''),
      );
      code = fresh && /\b([2-9A-HJ-NP-Z]{6})\b/.exec(fresh.subject ?? '')?.[1];
      if (fresh) after.add(fresh.id);
      expect(code).toBeTruthy();
    },
    { timeout: 20_000, interval: 250 },
  );
  return code as string;
}

describe('the e-mail gate against the real service (issue 8, parts 2 and 3)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('sends the code to the party’s address, refuses a wrong code, opens the document with the right one', {
    timeout: 120_000,
  }, async () => {
    const address = `anna.${Date.now().toString(36)}@example.com`;
    const linkId = await sendEmailGatedDocument(server.apiBase, address);
    const page = renderAppAt(`#/?link=${linkId.toLowerCase()}`, { apiBaseUrl: server.apiBase });
    const user = userEvent.setup();

    let dialog = await screen.findByRole('dialog', { name: 'Verify with e-mail' }, { timeout: 10_000 });
    // The dialog hides the header: its language and privacy information are in the dialog too.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), 'sv');
    dialog = await screen.findByRole('dialog', { name: 'Verifiera med e-post' });
    await user.click(within(dialog).getByRole('button', { name: 'Integritet' }));
    const privacy = await screen.findByRole('dialog', { name: 'Integritetsinformation' }, { timeout: 10_000 });
    await user.click(within(privacy).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Integritetsinformation' })).toBeNull());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Språk' }), 'en-us');
    dialog = await screen.findByRole('dialog', { name: 'Verify with e-mail' });
    expect(dialog.textContent).toContain(`we will e-mail a code to a***@example.com`);
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const codeField = await screen.findByRole('textbox', { name: 'Code from the e-mail' }, { timeout: 10_000 });
    const code = await emailCodeFor(server.apiBase, address, new Set());

    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    await user.type(codeField, `${wrong}{Enter}`);
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('Wrong code.');

    await user.clear(codeField);
    await user.type(codeField, `${code}{Enter}`);
    await screen.findByText('Done. Opening the document…', {}, { timeout: 10_000 });
    // The dialog closes two seconds later and the document is open (the header offers to close it).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verify with e-mail' })).toBeNull(), {
      timeout: 10_000,
    });
    expect(screen.getByRole('button', { name: 'Close the document' })).toBeTruthy();

    // A reload within the RequestToken's life opens the document again without a new code.
    page.unmount();
    renderAppAt(`#/?link=${linkId.toLowerCase()}`, { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('button', { name: 'Close the document' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Verify with e-mail' })).toBeNull();
    const sentCodes = await fetch(`${server.apiBase}dev/messages?recipient=${encodeURIComponent(address)}`);
    const { messages } = (await sentCodes.json()) as { messages: { subject?: string }[] };
    expect(messages.filter((message) => /\b[2-9A-HJ-NP-Z]{6}\b/.test(message.subject ?? ''))).toHaveLength(1);
  });
});
