import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { LinkDetails } from '@signlink/contracts/links/link-details';
import { isLocale, type Locale } from '@signlink/contracts/locales';
import { loadRecipientLanguage } from '@signlink/i18n/web-language-loaders';
import { type ApiClient, type ApiDialogs, apiBaseUrl, createApiClient } from '../../api/api-client.ts';
import { createAuthStore } from '../../api/auth-store.ts';
import { languageStorageKey } from '../../i18n/language-store.ts';
import { accessGateOf, isInternetExplorer } from './gate/gate-machine.ts';
import { keepPreloadedCall, preloadedCallKeys } from './preloaded-calls.ts';

/**
 * The paths of the calls made here, as the contracts define them (findLinkDetailsRoute, openLinkAccessRoute,
 * findLinkFileRoute; a test holds them to it). By path, not by contract: the contracts bring their zod schemas, which
 * the entry must not wait for.
 */
export const preloadPaths = {
  details: (linkId: string) => `linktinker/links/${linkId}`,
  access: (linkId: string) => `linktinker/links/${linkId}/access`,
  file: (linkId: string) => `linktinker/links/${linkId}/access/file`,
};

export interface PreloadLinkInput {
  linkId: string;
  /** The language the page starts in: the calls' Accept-Language, as the page's own client sends it. */
  language: Locale;
  window: Window;
  /** Defaults to /v2/ at the page's origin (SPEC section 7). */
  apiBaseUrl?: string;
}

export interface LinkPreload {
  /** The link's details once they have arrived, else null: the page starts in their language if it may. */
  arrivedDetails(): LinkDetails | null;
}

/** Every call here is silent (the page says what went wrong when it takes the answer over), so none is shown. */
const noDialogs: ApiDialogs = {
  askRetry: async () => false,
  showError: () => undefined,
  showLoggedOut: () => undefined,
};

/**
 * Whether the gate machine opens the access straight after the details (gate-machine.ts enterGate): no consent
 * message to accept first, no identity check, not the old browser's plain-PDF dialog (SPEC section 4), not a public
 * link's start.
 */
export function opensWithoutGate(details: LinkDetails, isIe: boolean): boolean {
  // A public link's code has no access of its own: its visitor starts a visit first (gate-machine.ts).
  return !details.PublicLink && !details.OwnerData.ConsentMessage && accessGateOf(details) === 'none' && !isIe;
}

/** The document's language, which the page switches to unless the person chose one here (recipient-gate-page.tsx). */
export function documentLanguageOf(details: LinkDetails, storage: Storage): Locale | null {
  if (!isLocale(details.Language)) return null;
  try {
    return storage.getItem(languageStorageKey) ? null : details.Language;
  } catch {
    return details.Language;
  }
}

/**
 * A document link's first calls, made by the entry as soon as it runs rather than one after another behind the
 * page's chunks and first render: the link's details; for a link without a gate, its access and then its files'
 * bytes; and the texts of the document's language. The page takes them over (preloaded-calls.ts) with the same
 * options its own calls have, so answers and failures reach it as they would have. A gated link's access and files
 * wait for the gate, as before.
 */
export function preloadLink({ linkId, language, window, apiBaseUrl: baseUrl }: PreloadLinkInput): LinkPreload {
  const client = createApiClient({
    baseUrl: baseUrl ?? apiBaseUrl(window.location.origin),
    authStore: createAuthStore(window.localStorage),
    dialogs: noDialogs,
    getLanguage: () => language,
  });
  const quiet = { auth: 'client', silent: true } as const;
  // As link-gate-api.ts: the machine retries a 408 itself, so the client's own extra try is off.
  const details = client.request<LinkDetails>({
    ...quiet,
    method: 'GET',
    path: preloadPaths.details(linkId),
    extraTries: 0,
  });
  keepPreloadedCall(preloadedCallKeys.details(linkId), details);
  let arrived: LinkDetails | null = null;
  details.then(
    (answer) => {
      arrived = answer;
      const documentLanguage = documentLanguageOf(answer, window.localStorage);
      if (documentLanguage && documentLanguage !== language) {
        loadRecipientLanguage[documentLanguage]().catch(() => undefined);
      }
      if (!opensWithoutGate(answer, isInternetExplorer(window.navigator.userAgent))) return;
      const access = client.request<LinkAccessResponse>({
        ...quiet,
        method: 'POST',
        path: preloadPaths.access(linkId),
        body: { linkID: linkId, rules: true },
      });
      keepPreloadedCall(preloadedCallKeys.access(linkId), access);
      access.then(
        (opened) => preloadFiles(client, linkId, opened),
        () => undefined,
      );
    },
    () => undefined,
  );
  return { arrivedDetails: () => arrived };
}

/** Each file's bytes, as the document view asks for them once it shows (recipient-api.ts fileBytes). */
function preloadFiles(client: ApiClient, linkId: string, access: LinkAccessResponse): void {
  for (const file of access.Documents) {
    const bytes = client
      .request<Response>({
        auth: 'client',
        silent: true,
        method: 'POST',
        path: preloadPaths.file(linkId),
        body: { RequestToken: access.RequestToken, Code: file.Code },
        headers: { Accept: 'application/pdf, application/json' },
        raw: true,
      })
      .then((response) => response.arrayBuffer());
    keepPreloadedCall(preloadedCallKeys.file(access.RequestToken, file.Code), bytes, { isReusable: true });
  }
}
