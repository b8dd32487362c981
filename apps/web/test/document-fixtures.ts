import type { ServerResponse } from 'node:http';
import type { ZContactDetailsResponse } from '@signlink/contracts/documents/documents';
import type { z } from 'zod';
import { authStorageKey } from '../src/api/auth-store.ts';
import type { DocumentDetail, DocumentDetailParty, DocumentList } from '../src/api/documents-api.ts';
import { authStateFor, pathOf } from './auth-fixtures.ts';
import { type RecordedRequest, sendJson, startTestHttpServer } from './test-http-server.ts';

/** A party in the contract's shape (ZDocumentDetailParty): Anna, invited by e-mail, not signed. */
export function partyOf(overrides: Partial<DocumentDetailParty> = {}): DocumentDetailParty {
  return {
    Id: 'party-anna',
    SignatureIndex: 0,
    Name: 'Anna Andersson',
    Email: 'anna@example.com',
    Phone: null,
    InvitationMethod: 'email',
    SignatureType: 'e-signature',
    GetPaid: false,
    Signed: false,
    SignedAt: null,
    Paid: false,
    PaidAt: null,
    Opened: false,
    Delivery: 'delivered',
    RemindersLeft: 9,
    ContactUpdatesLeft: 3,
    VerifiedName: null,
    IdDocument: null,
    ...overrides,
  };
}

/** A sent document in the contract's shape (ZDocumentDetail, which a summary's fields are part of). */
export function documentOf(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  const parties = overrides.Parties ?? [
    partyOf(),
    partyOf({
      Id: 'party-bo',
      SignatureIndex: 1,
      Name: 'Bo Berg',
      Email: 'bo@example.com',
      Signed: true,
      SignedAt: '2026-11-21T09:30:00.000Z',
      Opened: true,
    }),
  ];
  return {
    Id: 'doc-1',
    Name: 'Rental agreement',
    Status: 'awaiting-signatures',
    Handled: false,
    Archived: false,
    AccessLevel: 'private',
    IsLate: false,
    Owner: { UserId: 'user-1', Name: 'Demo Admin' },
    IsOwn: true,
    CanManage: true,
    CanShare: true,
    Created: '2026-11-20T08:00:00.000Z',
    Sent: '2026-11-20T08:05:00.000Z',
    Updated: '2026-11-21T09:30:00.000Z',
    LatestEvent: { Type: 'signed', At: '2026-11-21T09:30:00.000Z' },
    SignedCount: parties.filter((party) => party.Signed).length,
    PartyCount: parties.length,
    Parties: parties,
    Settings: { allowPrinting: true },
    Message: 'Please sign.',
    Language: 'en-us',
    Files: [{ Id: 'file-1', Title: 'agreement.pdf', PageCount: 3 }],
    History: [
      { Type: 'created', At: '2026-11-20T08:00:00.000Z', PartyId: null, PartyName: null, Details: {} },
      {
        Type: 'sent',
        At: '2026-11-20T08:05:00.000Z',
        PartyId: 'party-anna',
        PartyName: 'Anna Andersson',
        Details: { channel: 'email' },
      },
      { Type: 'signed', At: '2026-11-21T09:30:00.000Z', PartyId: 'party-bo', PartyName: 'Bo Berg', Details: {} },
    ],
    Links: [],
    ReservedMinor: 0,
    Currency: 'SEK',
    ...overrides,
  };
}

export function documentsOf(documents: DocumentDetail[], total = documents.length): DocumentList {
  return { Errands: documents, Total: total, Page: 1, PageSize: 25 };
}

export type DocumentRoute = (request: RecordedRequest, response: ServerResponse) => boolean | undefined;

/**
 * A signed-in user's API over real HTTP: `GET user`, no form submissions, then `routes` in turn (each returns true
 * when it answered), anything else a 404 in the server's error shape.
 */
export async function startDocumentsServer(routes: DocumentRoute) {
  localStorage.setItem(authStorageKey, 'token-1');
  return startTestHttpServer((request, response) => {
    if (pathOf(request.url) === '/v2/user') return sendJson(response, 200, authStateFor());
    // The overview's form submissions (issue 8, part 7): what the service answers for a document without forms,
    // before `routes`. Screens with forms are tested against the real service.
    if (request.method === 'GET' && /^\/v2\/linktinker\/errands\/[^/]+\/forms$/.test(pathOf(request.url))) {
      return sendJson(response, 200, { forms: [] });
    }
    if (routes(request, response)) return;
    sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
  });
}

/**
 * What the service answers a sent document's actions, each in its contract's shape (the client checks answers
 * against the contracts in tests): the list row after a change, what a withdrawal released, no content for a delete,
 * the party's new link after a contact correction, and no recipients' attachments. Undefined for anything else.
 */
export function answerDocumentFlag(request: RecordedRequest, response: ServerResponse, document: DocumentDetail) {
  const path = pathOf(request.url);
  const base = `/v2/linktinker/errands/${document.Id}`;
  if (path !== base && !path.startsWith(`${base}/`)) return undefined;
  const action = `${request.method} ${path.slice(base.length)}`;
  if (action === 'DELETE ') {
    response.writeHead(204).end();
    return true;
  }
  const contactDetails: z.input<typeof ZContactDetailsResponse> = {
    PartyId: 'party-anna',
    Code: 'LINK-NEW',
    ContactUpdatesLeft: 2,
  };
  const answers: Record<string, unknown> = {
    'PUT /handled': document,
    'PUT /accesslevel': document,
    'PUT /archive': document,
    'POST /seal/retry': document,
    'PUT /disable': { DocumentId: document.Id, ReleasedMinor: 0, Currency: document.Currency },
    'PUT /contactdetails': contactDetails,
    'GET /attachments': { Attachments: [] },
  };
  if (!(action in answers)) return undefined;
  sendJson(response, 200, answers[action]);
  return true;
}

/** A request's query as an object (what the list asked for). */
export function queryOf(request: Pick<RecordedRequest, 'url'> | undefined): Record<string, string> {
  return Object.fromEntries(new URL(request?.url ?? '', 'http://x').searchParams);
}
