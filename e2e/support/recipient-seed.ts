import fs from 'node:fs';
import path from 'node:path';
import { demo } from './app-steps.ts';
import { latestMessageTo, newMobileNumber } from './dev-messages.ts';

const fixture = path.resolve(import.meta.dirname, '../../../shared/fixtures/pdfs/pdflatex-4-pages.pdf');
const clientAuthorization = `Basic ${Buffer.from('signlink-web:').toString('base64')}`;

export interface SeedOptions {
  name: string;
  /** The code gate the party passes first (the document's "require verification" with that invitation channel). */
  gate?: 'email' | 'sms';
  /** 'bankid' also makes BankID the link's gate (SPEC section 4); the ID-scan types sign through their scan. */
  signatureType?: 'e-signature' | 'bankid' | 'id-e-signature' | 'live-id';
  /** The party's name; Anna Andersson by default. */
  partyName?: string;
  /** Document settings beside the gate's, e.g. `enableSharing` for a form to share. */
  settings?: Record<string, boolean>;
  /** The sender's message to every party, and the party's personal one. */
  messages?: { document: string; personal: string };
  /**
   * Bo Berg signs after Anna (slot 1: a required "Your company name" and his signature, lower on page 1), and Anna
   * has a "Start date" too: what a later signer sees of an earlier one's values.
   */
  hasSecondParty?: boolean;
}

export interface SeededLink {
  code: string;
  /** The sent document's id (the demo sender owns it). */
  documentId: string;
  /** Bo's link, with `hasSecondParty`. */
  secondCode?: string;
  email: string;
  phone: { national: string; e164: string };
  /** The sender withdraws the document: its links are recalled. */
  withdraw(): Promise<void>;
}

/** The seeded demo sender's API, as the web app calls it. */
export async function senderApi(origin: string) {
  const call = async <T>(
    method: string,
    url: string,
    token: string | null,
    body?: unknown,
    type = 'application/json',
  ) => {
    const response = await fetch(`${origin}/v2/${url}`, {
      method,
      headers: { Authorization: token ? `Bearer ${token}` : clientAuthorization, 'Content-Type': type },
      body:
        body === undefined
          ? undefined
          : type === 'application/json'
            ? JSON.stringify(body)
            : new Uint8Array(body as Buffer),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { accessToken } = await call<{ accessToken: string }>('POST', 'oauth/generatetoken', null, demo);
  return <T>(method: string, url: string, body?: unknown, type?: string) =>
    call<T>(method, url, accessToken, body, type);
}

/**
 * The demo sender's 4-page PDF sent to one party (slot 0): a required text field "Full name", a checkbox and a
 * signature on page 1. The invitation has arrived in the dev mailbox when this returns, so a journey's next message
 * to the party is the gate's code.
 */
export async function seedLink(origin: string, options: SeedOptions): Promise<SeededLink> {
  const api = await senderApi(origin);
  const email = `anna.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const phone = newMobileNumber();
  const draft = await api<{ Id: string; Files: { Id: string }[] }>(
    'POST',
    `linktinker/files?name=${encodeURIComponent(`${options.name}.pdf`)}`,
    fs.readFileSync(fixture),
    'application/pdf',
  );
  const bySms = options.gate === 'sms';
  await api('PUT', `linktinker/projects/${draft.Id}`, {
    Title: options.name,
    AccessLevel: 'private',
    Settings: { requireVerification: options.gate !== undefined, ...options.settings },
    Message: options.messages?.document ?? '',
    Parties: [
      {
        SignatureIndex: 0,
        Name: options.partyName ?? 'Anna Andersson',
        ...(options.messages && { Message: options.messages.personal }),
        ...(bySms ? { Phone: phone.e164, InvitationMethod: 'sms' } : { Email: email, InvitationMethod: 'email' }),
        SignatureType: options.signatureType ?? 'e-signature',
        GetPaid: false,
      },
      ...(options.hasSecondParty
        ? [
            {
              SignatureIndex: 1,
              Name: 'Bo Berg',
              Email: `bo.${email}`,
              InvitationMethod: 'email',
              SignatureType: 'e-signature',
              GetPaid: false,
            },
          ]
        : []),
    ],
  });
  const at = (id: string, type: string, y: number, extra: object) => ({
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
  await api('POST', `linktinker/files/${draft.Files[0]?.Id}/rules`, {
    Fields: [
      at('name', 'text', 420, { label: 'Full name' }),
      at('agree', 'checkbox', 460, { width: 16, height: 16, required: false, label: 'I have read the terms' }),
      at('sig', 'signature', 500, { height: 50 }),
      ...(options.hasSecondParty
        ? [
            at('start', 'date', 380, { width: 120, required: false, label: 'Start date' }),
            at('company', 'text', 600, { signatureIndex: 1, label: 'Your company name' }),
            at('bo-sig', 'signature', 640, { signatureIndex: 1, height: 50 }),
          ]
        : []),
    ],
  });
  const sent = await api<{ Links: { Code: string; PartyId: string }[] }>('POST', 'linktinker/links', {
    ProjectId: draft.Id,
  });
  const code = sent.Links[0]?.Code;
  if (!code) throw new Error('no link');
  await latestMessageTo(origin, bySms ? phone.e164 : email, 1);
  return {
    code,
    documentId: draft.Id,
    ...(options.hasSecondParty ? { secondCode: sent.Links[1]?.Code } : {}),
    email,
    phone,
    withdraw: async () => {
      await api('PUT', `linktinker/errands/${draft.Id}/disable`, {});
    },
  };
}
