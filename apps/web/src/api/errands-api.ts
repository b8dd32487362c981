import {
  sendRemindersRoute,
  shareDocumentRoute,
  updateContactDetailsRoute,
  withdrawDocumentRoute,
} from '@signlink/contracts/documents/document-actions.routes';
import type { DocumentStatus } from '@signlink/contracts/documents/document-status';
import {
  archiveErrandRoute,
  deleteErrandRoute,
  duplicateDocumentRoute,
  retrySealRoute,
  setErrandAccessLevelRoute,
  setErrandHandledRoute,
} from '@signlink/contracts/documents/errand-actions.routes';
import type {
  ZContactDetailsRequest,
  ZErrandDetail,
  ZErrandsCountResponse,
  ZErrandsQuery,
  ZErrandsResponse,
  ZHistoryEvent,
} from '@signlink/contracts/documents/errands';
import { findErrandRoute, listErrandsRoute } from '@signlink/contracts/documents/errands.routes';
import type { ZProjectLinksResponse } from '@signlink/contracts/documents/projects';
import type { ShareDocumentRequest } from '@signlink/contracts/documents/share-document';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';

export type Errands = Parsed<typeof ZErrandsResponse>;
export type Errand = Errands['Errands'][number];
export type ErrandParty = Errand['Parties'][number];
export type ErrandDetail = Parsed<typeof ZErrandDetail>;
export type ErrandsCount = Parsed<typeof ZErrandsCountResponse>;
export type HistoryEvent = Parsed<typeof ZHistoryEvent>;
export type ProjectLinks = Parsed<typeof ZProjectLinksResponse>;
export type ContactDetails = Parsed<typeof ZContactDetailsRequest>;
/** The query as the client sends it (ZErrandsQuery's fields): every one optional, the server fills the defaults. */
export type ErrandsQuery = {
  [Key in keyof Parsed<typeof ZErrandsQuery>]?: Parsed<typeof ZErrandsQuery>[Key];
} & { status?: DocumentStatus };

/** Query keys of useApiQuery: every list, count and overview starts with `errandsPath`, so one refresh reaches all. */
export const errandsPath = fillPath(listErrandsRoute.path, {});
export const errandPath = (id: string) => fillPath(findErrandRoute.path, { id });

/** Each screen says what failed next to the action (SPEC section 8); a change is never repeated blindly. */
const once = { silent: true, extraTries: 0 } as const;

/** SPEC section 7 `linktinker/errands`: the actions on a sent document (section 4's rules are the server's). */
export function createErrandsApi(client: ApiClient) {
  const params = (id: string) => ({ params: { id } });
  return {
    setHandled: (id: string, handled: boolean) =>
      client.api(setErrandHandledRoute, { ...params(id), body: { Handled: handled } }, once),
    setAccessLevel: (id: string, level: 'private' | 'shared') =>
      client.api(setErrandAccessLevelRoute, { ...params(id), body: { AccessLevel: level } }, once),
    archive: (id: string) => client.api(archiveErrandRoute, { ...params(id), body: {} }, once),
    /** SPEC section 7 calls unarchiving `restore`. */
    unarchive: (id: string) => client.api(archiveErrandRoute, { ...params(id), body: { restore: true } }, once),
    withdraw: (id: string) => client.api(withdrawDocumentRoute, { ...params(id), body: {} }, once),
    /** `ownDocumentOnly`: a completed document leaves only the owner's lists; the parties keep theirs. */
    remove: (id: string, ownDocumentOnly: boolean) =>
      client.api(deleteErrandRoute, { ...params(id), body: ownDocumentOnly ? { ownDocumentOnly: true } : {} }, once),
    sendReminders: (id: string, partyIds?: string[]) =>
      client.api(sendRemindersRoute, { ...params(id), body: partyIds ? { PartyIds: partyIds } : {} }, once),
    updateContactDetails: (id: string, body: ContactDetails) =>
      client.api(updateContactDetailsRoute, { ...params(id), body }, once),
    /** Issue 7: seal again after sealing failed (the document's status is `error`). */
    retrySeal: (id: string) => client.api(retrySealRoute, params(id), once),
    duplicate: (id: string) => client.api(duplicateDocumentRoute, params(id), once),
    /** The sharing dialog: we send one party's link to the typed e-mail address or phone. */
    share: (id: string, body: ShareDocumentRequest) => client.api(shareDocumentRoute, { ...params(id), body }, once),
  };
}
export type ErrandsApi = ReturnType<typeof createErrandsApi>;
