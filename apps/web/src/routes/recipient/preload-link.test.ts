import { fillPath, type RouteContract } from '@signlink/contracts/http/route-contract';
import { findLinkFileRoute, openLinkAccessRoute } from '@signlink/contracts/links/link-access.routes';
import type { LinkDetails } from '@signlink/contracts/links/link-details';
import { findLinkDetailsRoute } from '@signlink/contracts/links/link-details.routes';
import { describe, expect, it } from 'vitest';
import { accessFixture } from '../../../test/recipient-fixtures.ts';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { createApiClient } from '../../api/api-client.ts';
import { ApiError } from '../../api/api-error.ts';
import { createAuthStore } from '../../api/auth-store.ts';
import { languageStorageKey } from '../../i18n/language-store.ts';
import { createLinkGateApi } from './gate/link-gate-api.ts';
import { documentLanguageOf, preloadLink, preloadPaths } from './preload-link.ts';
import { createRecipientApi } from './signing/recipient-api.ts';

const details = {
  Code: 'ABC123',
  PreviewCode: null,
  LinkName: 'Lease 2027',
  Language: 'sv',
  OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: 'Sender AB', PrivacyUrl: null },
  RequireBankID: false,
  RequireSMS: false,
  RequireEmail: false,
  PhoneNumberMasked: null,
  EmailAddressMasked: null,
  AllowAlternativeDownload: true,
} satisfies LinkDetails;
const access = {
  ...accessFixture,
  Documents: [{ Title: 'Lease 2027.pdf', Code: 'F1', PageCount: 1, PageSizes: [], Rules: null }],
};
const pdfBytes = '%PDF-1.7 the bytes';

/** A real server with the link's three calls; `linkDetails` varies the link (its gate, its failure). */
async function startLinkServer(linkDetails: object | { status: number; code: string } = details) {
  return startTestHttpServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path.endsWith('/access/file')) {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      return response.end(pdfBytes);
    }
    if (path.endsWith('/access')) return sendJson(response, 200, access);
    if ('status' in linkDetails) return sendJson(response, linkDetails.status, { ...linkDetails, requestId: 'req-1' });
    return sendJson(response, 200, linkDetails);
  });
}

/** The page's own client, as recipient-app.tsx builds it, on the same server. */
function pageClient(server: TestHttpServer) {
  const dialogs = { askRetry: async () => false, showError: () => {}, showLoggedOut: () => {} };
  return createApiClient({ baseUrl: server.apiBase, authStore: createAuthStore(window.localStorage), dialogs });
}

const callsOf = (server: TestHttpServer) =>
  server.requests.map((request) => `${request.method} ${new URL(request.url, 'http://localhost').pathname}`);

/** Lets the entry's chained calls (details, then access, then the files) run to their end. */
async function settleCalls(server: TestHttpServer, count: number) {
  await expect.poll(() => server.requests.length).toBe(count);
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('a document link’s first calls, made by the entry before the page loads (preload-link.ts)', () => {
  it('calls the paths of the contracts it stands in for', () => {
    const at = (contract: RouteContract, params: Record<string, string>) =>
      `${contract.method} ${fillPath(contract.path, params)}`;
    expect(`GET ${preloadPaths.details('ABC123')}`).toBe(at(findLinkDetailsRoute, { id: 'ABC123' }));
    expect(`POST ${preloadPaths.access('ABC123')}`).toBe(at(openLinkAccessRoute, { linkID: 'ABC123' }));
    expect(`POST ${preloadPaths.file('ABC123')}`).toBe(at(findLinkFileRoute, { id: 'ABC123' }));
  });

  it('a link without a gate: details, access and the files at once, which the page then takes without asking again', async () => {
    const server = await startLinkServer();
    const preload = preloadLink({ linkId: 'ABC123', language: 'en-us', window, apiBaseUrl: server.apiBase });
    await settleCalls(server, 3);
    expect(callsOf(server)).toEqual([
      'GET /v2/linktinker/links/ABC123',
      'POST /v2/linktinker/links/ABC123/access',
      'POST /v2/linktinker/links/ABC123/access/file',
    ]);
    expect(server.requests[0]?.headers['accept-language']).toBe('en-us');
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ linkID: 'ABC123', rules: true });
    expect(JSON.parse(server.requests[2]?.body ?? '')).toEqual({ RequestToken: 'request-token', Code: 'F1' });
    expect(preload.arrivedDetails()).toEqual(details);

    const client = pageClient(server);
    const gateApi = createLinkGateApi(client, 'ABC123');
    await expect(gateApi.loadDetails()).resolves.toEqual(details);
    await expect(gateApi.openAccess()).resolves.toEqual(access);
    const bytes = await createRecipientApi(client, 'ABC123', access.RequestToken).fileBytes('F1');
    expect(new TextDecoder().decode(bytes)).toBe(pdfBytes);
    expect(server.requests).toHaveLength(3);

    // Taken once: a later access (the RequestToken expired) is the page's own call again.
    await gateApi.openAccess();
    expect(callsOf(server).at(-1)).toBe('POST /v2/linktinker/links/ABC123/access');
    expect(server.requests).toHaveLength(4);
  });

  it('a gated link: the details only; access and files wait for the gate', async () => {
    for (const gate of [{ RequireSMS: true }, { RequireEmail: true }, { RequireBankID: true }]) {
      const server = await startLinkServer({ ...details, ...gate });
      preloadLink({ linkId: 'GATED1', language: 'en-us', window, apiBaseUrl: server.apiBase });
      await settleCalls(server, 1);
      expect(callsOf(server)).toEqual(['GET /v2/linktinker/links/GATED1']);
      // The gate's proof is the page's to send: openAccess with a key asks the server itself.
      await createLinkGateApi(pageClient(server), 'GATED1').openAccess({ SmsClientAccessKey: 'key' });
      expect(JSON.parse(server.requests[1]?.body ?? '')).toMatchObject({ SmsClientAccessKey: 'key' });
    }
  });

  it('a consent message to accept first: no access before it', async () => {
    const withConsent = { ...details, OwnerData: { ...details.OwnerData, ConsentMessage: 'We keep your data.' } };
    const server = await startLinkServer(withConsent);
    preloadLink({ linkId: 'CONSENT1', language: 'en-us', window, apiBaseUrl: server.apiBase });
    await settleCalls(server, 1);
    expect(callsOf(server)).toEqual(['GET /v2/linktinker/links/CONSENT1']);
  });

  it('a recalled link: the page gets the same failure, and its retry is a call of its own', async () => {
    const server = await startLinkServer({ status: 410, code: 'LINK_RECALLED', message: 'recalled' });
    const preload = preloadLink({ linkId: 'GONE1', language: 'en-us', window, apiBaseUrl: server.apiBase });
    await settleCalls(server, 1);
    expect(preload.arrivedDetails()).toBeNull();
    const gateApi = createLinkGateApi(pageClient(server), 'GONE1');
    const failure = await gateApi.loadDetails().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 410, code: 'LINK_RECALLED', requestId: 'req-1' });
    expect(server.requests).toHaveLength(1);
    await gateApi.loadDetails().catch(() => undefined);
    expect(server.requests).toHaveLength(2);
  });

  it('the page starts in the document’s language unless the person chose one on this device', () => {
    expect(documentLanguageOf(details, window.localStorage)).toBe('sv');
    window.localStorage.setItem(languageStorageKey, 'es');
    expect(documentLanguageOf(details, window.localStorage)).toBeNull();
  });
});
