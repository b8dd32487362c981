import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldNameOf } from '@signlink/contracts/documents/document-model';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The real service's calls that put recipients' forms on a document (issue 8, part 7), made as the web app and the
 * recipient page make them: the seeded demo sender sends a document, each party opens its link and sends its form.
 */

const fixturePdf = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/fixtures/pdfs/minimal-document.pdf',
);
const clientAuthorization = `Basic ${btoa('signlink-web:')}`;
export const demoLogin = { email: 'demo@signlink.test', password: 'signlink-demo' };

export type Call = <T>(method: string, url: string, token: string | null, body?: unknown, type?: string) => Promise<T>;

export function apiCaller(apiBase: string): Call {
  return async <T>(method: string, url: string, token: string | null, body?: unknown, type = 'application/json') => {
    const response = await fetch(`${apiBase}${url}`, {
      method,
      headers: { Authorization: token ? `Bearer ${token}` : clientAuthorization, 'Content-Type': type },
      body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : (body as BodyInit),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface SentForm {
  name: string;
  isPending: boolean;
  /** Where the submitter asks to hear the decision. */
  subscribeEmail?: string;
}

/**
 * A document of one party per form, each with a text field of its own; every party opens its link and submits its
 * form as given. Returns the document's id.
 */
export async function sendDocumentWithForms(call: Call, token: string, title: string, forms: SentForm[]) {
  const draft = await call<{ Id: string; Files: { Id: string }[] }>(
    'POST',
    `linktinker/files?name=${encodeURIComponent(`${title}.pdf`)}`,
    token,
    new Uint8Array(fs.readFileSync(fixturePdf)),
    'application/pdf',
  );
  await call('PUT', `linktinker/projects/${draft.Id}`, token, {
    Title: title,
    AccessLevel: 'shared',
    Settings: { requireVerification: false },
    Message: '',
    Parties: forms.map((form, index) => ({
      SignatureIndex: index,
      Name: form.name,
      Email: `party.${unique()}@example.com`,
      InvitationMethod: 'email',
      SignatureType: 'e-signature',
      GetPaid: false,
    })),
  });
  const field = (index: number, type: 'text' | 'signature', id: string, y: number) => ({
    id,
    type,
    signatureIndex: index,
    page: 1,
    x: 72,
    y,
    width: 200,
    height: type === 'signature' ? 50 : 22,
    required: type === 'signature',
  });
  await call('POST', `linktinker/files/${draft.Files[0]?.Id}/rules`, token, {
    Fields: forms.flatMap((_form, index) => [
      field(index, 'text', `Answer${index}`, 300 + index * 120),
      field(index, 'signature', `Sign${index}`, 340 + index * 120),
    ]),
  });
  const sent = await call<{ Links: { Code: string }[] }>('POST', 'linktinker/links', token, { ProjectId: draft.Id });
  for (const [index, form] of forms.entries()) {
    const code = sent.Links[index]?.Code ?? '';
    const access = await call<{ RequestToken: string }>('POST', `linktinker/links/${code}/access`, null, {});
    const saved = await call<{ formId: string }>('POST', `linktinker/links/${code}/forms`, null, {
      document: draft.Id,
      requestToken: access.RequestToken,
      // The server names placed fields as the editor does (`Text[0]`).
      instantJson: { [fieldNameOf('text', index)]: `Answer from ${form.name}` },
      isPending: form.isPending,
      ...(form.subscribeEmail ? { subscribeEmailAddress: form.subscribeEmail } : {}),
    });
    await call('POST', `linktinker/links/${code}/forms/submit`, null, {
      document: draft.Id,
      formId: saved.formId,
      requestToken: access.RequestToken,
    });
  }
  return draft.Id;
}

/** The messages the simulators received for `recipient`, newest first, once there are at least `count`. */
export async function messagesTo(apiBase: string, recipient: string, count = 1) {
  let messages: { subject?: string; text: string }[] = [];
  await waitFor(
    async () => {
      const response = await fetch(`${apiBase}dev/messages?recipient=${encodeURIComponent(recipient)}`);
      messages = ((await response.json()) as { messages: typeof messages }).messages;
      expect(messages.length).toBeGreaterThanOrEqual(count);
    },
    { timeout: 20_000, interval: 250 },
  );
  return messages;
}

/**
 * A colleague of the demo company with the read-only role (SPEC section 6, role 12): invited by the demo
 * administrator, signed up by phone and e-mail, the invitation accepted. Returns their token for the company.
 */
export async function readOnlyColleague(call: Call, apiBase: string, adminToken: string): Promise<string> {
  const email = `reader.${unique()}@example.com`;
  const phone = `+4670${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const invitation = await call<{ Id: string }>('POST', 'linktinker/app/users/invite', adminToken, {
    email,
    role: 12,
  });
  const started = await call<{ RegistrationId: string; PhoneNumberToken: string }>(
    'POST',
    'linktinker/app/register/sms',
    null,
    { phoneNumber: phone },
  );
  const [sms] = await messagesTo(apiBase, phone);
  await call('POST', 'linktinker/app/register/sms/validate', null, {
    ...started,
    Code: /\b(\d{4})\b/.exec(sms?.text ?? '')?.[1],
  });
  const { RegistrationId } = started;
  await call('POST', 'linktinker/app/register/pin', null, { RegistrationId, Pin: '2468' });
  const { EmailAddressToken } = await call<{ EmailAddressToken: string }>(
    'POST',
    'linktinker/app/register/email',
    null,
    {
      RegistrationId,
      EmailAddress: email,
      Name: 'Rita Reader',
    },
  );
  // The invitation came first; the code is the newest message.
  const [codeMail] = await messagesTo(apiBase, email, 2);
  const code = /\b([2-9A-HJ-NP-Z]{6})\b/.exec(`${codeMail?.subject ?? ''} ${codeMail?.text ?? ''}`)?.[1];
  const registered = await call<{ accessToken: string }>('POST', 'linktinker/app/register/email/validate', null, {
    RegistrationId,
    EmailAddressToken,
    Code: code,
  });
  const accepted = await call<{ accessToken: string }>(
    'POST',
    `linktinker/app/account/invitations/${invitation.Id}/accept`,
    registered.accessToken,
    {},
  );
  return accepted.accessToken;
}
