import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';

export const fixturePdf = new Uint8Array(
  fs.readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/fixtures/pdfs/minimal-document.pdf'),
  ),
);
const clientAuthorization = `Basic ${btoa('signlink-web:')}`;

/** One call to the real service: JSON, or a PDF as the raw body; the answer as JSON. */
export async function call<T>(apiBase: string, method: string, url: string, token: string | null, body?: unknown) {
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

export interface AttachmentLinks {
  ownerToken: string;
  documentId: string;
  title: string;
  /** Anna's and Bo's links, each past its (absent) gate. */
  links: { linkId: string; access: LinkAccessResponse }[];
}

/** The seeded demo sender sends a one-page document to Anna and Bo by e-mail, without a gate; both open it. */
export async function sendToTwo(apiBase: string): Promise<AttachmentLinks> {
  const demo = { email: 'demo@signlink.test', password: 'signlink-demo' };
  const { accessToken } = await call<{ accessToken: string }>(apiBase, 'POST', 'oauth/generatetoken', null, demo);
  const title = `Lease ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const draft = await call<{ Id: string; Files: { Id: string }[] }>(
    apiBase,
    'POST',
    `linktinker/files?name=${encodeURIComponent(title)}.pdf`,
    accessToken,
    fixturePdf,
  );
  const party = (index: number, name: string) => ({
    SignatureIndex: index,
    Name: name,
    Email: `${name.split(' ')[0]?.toLowerCase()}.${Date.now().toString(36)}@example.com`,
    InvitationMethod: 'email',
    SignatureType: 'e-signature',
    GetPaid: false,
  });
  await call(apiBase, 'PUT', `linktinker/projects/${draft.Id}`, accessToken, {
    Title: title,
    AccessLevel: 'private',
    Settings: {},
    Message: '',
    Parties: [party(0, 'Anna Andersson'), party(1, 'Bo Berg')],
  });
  const signature = (index: number) => ({
    id: `sig-${index}`,
    type: 'signature',
    signatureIndex: index,
    page: 1,
    x: 72 + index * 220,
    y: 400,
    width: 200,
    height: 50,
    required: true,
  });
  await call(apiBase, 'POST', `linktinker/files/${draft.Files[0]?.Id}/rules`, accessToken, {
    Fields: [signature(0), signature(1)],
  });
  const sent = await call<{ Links: { Code: string }[] }>(apiBase, 'POST', 'linktinker/links', accessToken, {
    ProjectId: draft.Id,
  });
  const links = await Promise.all(
    sent.Links.map(async ({ Code: linkId }) => ({
      linkId,
      access: await call<LinkAccessResponse>(apiBase, 'POST', `linktinker/links/${linkId}/access`, null, {
        linkID: linkId,
        rules: true,
      }),
    })),
  );
  return { ownerToken: accessToken, documentId: links[0]?.access.DocumentId ?? '', title, links };
}

/** Attaches `bytes` through the link as another client would (another recipient's phone, say). */
export function attachDirectly(apiBase: string, linkId: string, requestToken: string, name: string, bytes: Uint8Array) {
  const query = new URLSearchParams({ RequestToken: requestToken, name });
  return call(apiBase, 'POST', `linktinker/links/${linkId}/attachments?${query}`, null, bytes);
}

/** Signs the link's slot with a drawn line, as the ink dialog would. */
export function signDirectly(apiBase: string, linkId: string, access: LinkAccessResponse, signatureIndex: number) {
  return call(apiBase, 'POST', `linktinker/links/${linkId}/sign/ink`, null, {
    SignatureIndex: signatureIndex,
    AllowServerSubmit: true,
    RequestToken: access.RequestToken,
    InkSignatureJsonData: JSON.stringify([
      {
        points: [
          { x: 10, y: 10 },
          { x: 120, y: 40 },
        ],
      },
    ]),
    TimeZoneOffsetMinutes: -60,
  });
}
