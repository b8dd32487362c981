import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentSettings } from '@signlink/contracts/documents/document-model';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { DevMessage } from '@signlink/contracts/messaging/dev-messages';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

const fixturePdf = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../../shared/fixtures/pdfs/minimal-document.pdf',
);
const clientAuthorization = `Basic ${btoa('signlink-web:')}`;

async function call<T>(apiBase: string, method: string, url: string, token: string | null, body?: unknown) {
  const isPdf = body instanceof Uint8Array;
  const response = await fetch(`${apiBase}${url}`, {
    method,
    headers: {
      Authorization: token ? `Bearer ${token}` : clientAuthorization,
      'Content-Type': isPdf ? 'application/pdf' : 'application/json',
    },
    body: body === undefined ? undefined : isPdf ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every message the simulators received for `recipient`, newest first (the developer mailbox). */
export async function devMessagesTo(apiBase: string, recipient: string): Promise<DevMessage[]> {
  const response = await fetch(`${apiBase}dev/messages?recipient=${encodeURIComponent(recipient)}`);
  return ((await response.json()) as { messages: DevMessage[] }).messages;
}

/** The newest e-mail code to `address` not in `seen` (DECISIONS: six characters without look-alikes). */
export async function emailCodeTo(apiBase: string, address: string, seen = new Set<string>()): Promise<string> {
  let code = '';
  await waitFor(
    async () => {
      const fresh = (await devMessagesTo(apiBase, address)).find(
        (message) => !seen.has(message.id) && /\b[2-9A-HJ-NP-Z]{6}\b/.test(message.subject ?? ''),
      );
      code = /\b([2-9A-HJ-NP-Z]{6})\b/.exec(fresh?.subject ?? '')?.[1] ?? '';
      if (fresh) seen.add(fresh.id);
      expect(code).not.toBe('');
    },
    { timeout: 20_000, interval: 250 },
  );
  return code;
}

export interface FormLink {
  linkId: string;
  email: string;
  access: LinkAccessResponse;
}

/**
 * The seeded demo sender sends a one-page form to Anna by e-mail with verification: a required "Full name", a
 * checkbox and her signature; Bo signs after her, so the document stays open once she has. Anna then passes the
 * e-mail gate through the API (the gate's own UI has its tests), so the link has her address as its verified
 * contact, and the access answer is what the page gets.
 */
export async function seedFormLink(apiBase: string, settings: DocumentSettings = {}): Promise<FormLink> {
  const demo = { email: 'demo@signlink.test', password: 'signlink-demo' };
  const { accessToken } = await call<{ accessToken: string }>(apiBase, 'POST', 'oauth/generatetoken', null, demo);
  const email = `anna.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const draft = await call<{ Id: string; Files: { Id: string }[] }>(
    apiBase,
    'POST',
    'linktinker/files?name=Membership.pdf',
    accessToken,
    new Uint8Array(fs.readFileSync(fixturePdf)),
  );
  await call(apiBase, 'PUT', `linktinker/projects/${draft.Id}`, accessToken, {
    Title: 'Membership',
    AccessLevel: 'private',
    Settings: { requireVerification: true, ...settings },
    Message: '',
    Parties: [
      {
        SignatureIndex: 0,
        Name: 'Anna Andersson',
        Email: email,
        InvitationMethod: 'email',
        SignatureType: 'e-signature',
        GetPaid: false,
      },
      {
        SignatureIndex: 1,
        Name: 'Bo Berg',
        Email: `bo.${email}`,
        InvitationMethod: 'email',
        SignatureType: 'e-signature',
        GetPaid: false,
      },
    ],
  });
  const at = (id: string, type: string, y: number, extra: object = {}) => ({
    id,
    type,
    signatureIndex: 0,
    page: 1,
    x: 72,
    y,
    width: 200,
    height: 22,
    required: true,
    ...extra,
  });
  await call(apiBase, 'POST', `linktinker/files/${draft.Files[0]?.Id}/rules`, accessToken, {
    Fields: [
      at('name', 'text', 300, { label: 'Full name' }),
      at('agree', 'checkbox', 340, { width: 16, height: 16, required: false, label: 'Newsletter' }),
      at('sig', 'signature', 400, { height: 50 }),
      at('bo-sig', 'signature', 600, { height: 50, signatureIndex: 1 }),
    ],
  });
  const sent = await call<{ Links: { Code: string }[] }>(apiBase, 'POST', 'linktinker/links', accessToken, {
    ProjectId: draft.Id,
  });
  const linkId = sent.Links[0]?.Code ?? '';
  const base = `linktinker/links/${linkId}`;
  const seen = new Set((await devMessagesTo(apiBase, email)).map((message) => message.id));
  const { ClientAccessKey } = await call<{ ClientAccessKey: string }>(apiBase, 'POST', `${base}/email`, null, {});
  const code = await emailCodeTo(apiBase, email, seen);
  const checked = await call<{ ClientAccessKey: string }>(apiBase, 'POST', `${base}/validation/validate`, null, {
    Code: code,
    ClientAccessKey,
  });
  const access = await call<LinkAccessResponse>(apiBase, 'POST', `${base}/access`, null, {
    linkID: linkId,
    rules: true,
    EmailClientAccessKey: checked.ClientAccessKey,
  });
  return { linkId, email, access };
}

/**
 * Anna signs her slot through the API with `values` by field label, as her page would (the drawing is the page's
 * part, with tests of its own); the link's access then holds the state a reload after signing shows.
 */
export async function signDirectly(apiBase: string, link: FormLink, values: Record<string, string | boolean>) {
  const fields = link.access.Documents[0]?.Rules?.fields ?? [];
  const FormValues = Object.fromEntries(
    Object.entries(values).map(([label, value]) => [
      fields.find((field) => field.label === label)?.name ?? label,
      value,
    ]),
  );
  const stroke = { x: 10, y: 40, time: 1_700_000_000_000, pressure: 0.5 };
  const points = [
    stroke,
    { ...stroke, x: 60, y: 10, time: stroke.time + 16 },
    { ...stroke, x: 120, time: stroke.time + 32 },
  ];
  const status = await call<Pick<LinkAccessResponse, 'Signatures' | 'Aggregates' | 'State'>>(
    apiBase,
    'POST',
    `linktinker/links/${link.linkId}/sign/ink`,
    null,
    {
      SignatureIndex: 0,
      RequestToken: link.access.RequestToken,
      InkSignatureJsonData: JSON.stringify([{ penColor: 'rgb(0, 0, 0)', minWidth: 0.5, maxWidth: 2.5, points }]),
      FormValues,
    },
  );
  const { Signatures, Aggregates, State } = status;
  return { ...link, access: { ...link.access, Signatures, Aggregates, State } };
}

/** Saves the link's form as another client could (an integration, an earlier visit), e.g. pending. */
export function saveFormDirectly(apiBase: string, link: FormLink, body: object) {
  return call<{ formId: string }>(apiBase, 'POST', `linktinker/links/${link.linkId}/forms`, null, {
    document: link.access.DocumentId,
    requestToken: link.access.RequestToken,
    ...body,
  });
}
