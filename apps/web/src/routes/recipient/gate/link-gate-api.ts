import type { LinkAccessRequest, LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { countLinkVisitRoute, openLinkAccessRoute } from '@signlink/contracts/links/link-access.routes';
import type { LinkDetails } from '@signlink/contracts/links/link-details';
import { findLinkDetailsRoute } from '@signlink/contracts/links/link-details.routes';
import {
  sendLinkEmailCodeRoute,
  sendLinkSmsCodeRoute,
  validateLinkCodeRoute,
} from '@signlink/contracts/links/link-gate.routes';
import { findLinkStatusRoute, planLinkDownloadRoute } from '@signlink/contracts/links/link-signing.routes';
import type { ApiClient } from '../../../api/api-client.ts';
import { preloadedCallKeys, takePreloadedCall } from '../preloaded-calls.ts';
import { forgetAccess, keepAccess, keptAccess } from './access-session.ts';
import type { GateApi } from './gate-machine.ts';

/** The keys `links/{id}/access` takes: what the recipient completed at the gate (none for a link without one). */
export type AccessKeys = Pick<
  LinkAccessRequest,
  'BankIdClientAccessKey' | 'SmsClientAccessKey' | 'EmailClientAccessKey'
>;

export type CodeChannel = 'sms' | 'email';

const sendCodeRoutes = { sms: sendLinkSmsCodeRoute, email: sendLinkEmailCodeRoute } as const;

/**
 * The recipient page's calls (SPEC section 7, recipient side). All are the web client's (a recipient is a guest, and a
 * signed-in sender opening a link is a recipient too) and silent: the page and its dialogs say what went wrong.
 */
export function createLinkGateApi(client: ApiClient, linkId: string, storage: Storage = window.sessionStorage) {
  const params = { id: linkId };
  const quiet = { auth: 'client', silent: true } as const;
  // A link without a gate may have had its access opened by the entry already (preload-link.ts); a gate's proof
  // never has.
  const openAccess = async (keys: AccessKeys = {}) => {
    const preloaded =
      Object.keys(keys).length === 0 ? takePreloadedCall<LinkAccessResponse>(preloadedCallKeys.access(linkId)) : null;
    const access = await (preloaded ??
      client.api(
        openLinkAccessRoute,
        { params: { linkID: linkId }, body: { linkID: linkId, rules: true, ...keys } },
        quiet,
      ));
    // Only what a gate proved is worth keeping: a link without one opens again by itself.
    if (Object.values(keys).some(Boolean)) keepAccess(storage, linkId, access);
    return access;
  };
  return {
    /**
     * The entry's call when it made one (preload-link.ts). The machine retries a 408 itself, a second apart (SPEC
     * section 4), so the client's own extra try is off.
     */
    loadDetails: () =>
      takePreloadedCall<LinkDetails>(preloadedCallKeys.details(linkId)) ??
      client.api(findLinkDetailsRoute, { params }, { ...quiet, extraTries: 0 }),
    openAccess,
    /**
     * The kept access after a reload, with the slots and state as they are now (others may have signed since): the
     * status call also proves the server still takes the token (not withdrawn, not expired).
     */
    resumeAccess: async () => {
      const kept = keptAccess(storage, linkId);
      if (!kept) return null;
      try {
        const status = await client.api(
          findLinkStatusRoute,
          { params, query: { requestToken: kept.RequestToken } },
          quiet,
        );
        return { ...kept, Signatures: status.Signatures, Aggregates: status.Aggregates, State: status.State };
      } catch {
        forgetAccess(storage, linkId);
        return null;
      }
    },
    /** Sends a code; `value` omitted when the sender gave the party's number or address (shown masked). */
    sendCode: (channel: CodeChannel, value?: string) =>
      // Each send is a text or an e-mail, counted against the send limit: never repeated blindly.
      client.api(sendCodeRoutes[channel], { params, body: { value } }, { ...quiet, extraTries: 0 }),
    validateCode: (code: string, clientAccessKey: string) =>
      client.api(
        validateLinkCodeRoute,
        { params, body: { Code: code, ClientAccessKey: clientAccessKey } },
        { ...quiet, extraTries: 0 },
      ),
    /**
     * The old-browser dialog's plain PDF: the download needs a RequestToken, so only a link without a gate offers it
     * (an identity check cannot run in that browser). The address is relative to the API's origin.
     */
    downloadUrl: async () => {
      const access = await openAccess();
      const answer = await client.api(
        planLinkDownloadRoute,
        { params, body: { RequestToken: access.RequestToken } },
        quiet,
      );
      return answer.downloadUrl;
    },
    /** SPEC section 7's visit statistics: fire and forget, a failure is nobody's concern. */
    countVisit: (isIe: boolean) => {
      client
        .api(
          countLinkVisitRoute,
          { params: { LinkId: linkId }, body: { LinkId: linkId, IsIe: isIe } },
          { ...quiet, extraTries: 0 },
        )
        .catch(() => undefined);
    },
  } satisfies GateApi & Record<string, unknown>;
}

export type LinkGateApi = ReturnType<typeof createLinkGateApi>;
