import type { DocumentStatus } from '@signlink/contracts/documents/document-status';
import type {
  ZContactDetailsRequest,
  ZDuplicateResponse,
  ZErrandDetail,
  ZErrandsCountResponse,
  ZErrandsQuery,
  ZErrandsResponse,
  ZHistoryEvent,
  ZSendRemindersResponse,
} from '@signlink/contracts/documents/errands';
import { listErrandsRoute } from '@signlink/contracts/documents/errands.routes';
import type { ZProjectLinksResponse } from '@signlink/contracts/documents/projects';
import type { ShareDocumentRequest, ZShareDocumentResponse } from '@signlink/contracts/documents/share-document';
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
export const errandPath = (id: string) => `${errandsPath}/${encodeURIComponent(id)}`;
export const projectLinksPath = (id: string) => `linktinker/projects/${encodeURIComponent(id)}/links`;

/** Each screen says what failed next to the action (SPEC section 8); a change is never repeated blindly. */
const once = { silent: true, extraTries: 0 } as const;

/** SPEC section 7 `linktinker/errands`: the actions on a sent document (section 4's rules are the server's). */
export function createErrandsApi(client: ApiClient) {
  return {
    setHandled: (id: string, handled: boolean) => client.put(`${errandPath(id)}/handled`, { Handled: handled }, once),
    setAccessLevel: (id: string, level: 'private' | 'shared') =>
      client.put(`${errandPath(id)}/accesslevel`, { AccessLevel: level }, once),
    archive: (id: string) => client.put(`${errandPath(id)}/archive`, {}, once),
    /** SPEC section 7 calls unarchiving `restore`. */
    unarchive: (id: string) => client.put(`${errandPath(id)}/archive`, { restore: true }, once),
    withdraw: (id: string) => client.put(`${errandPath(id)}/disable`, {}, once),
    /** `ownDocumentOnly`: a completed document leaves only the owner's lists; the parties keep theirs. */
    remove: (id: string, ownDocumentOnly: boolean) =>
      client.delete(errandPath(id), ownDocumentOnly ? { ownDocumentOnly: true } : {}, once),
    sendReminders: (id: string, partyIds?: string[]) =>
      client.post<Parsed<typeof ZSendRemindersResponse>>(
        `${errandPath(id)}/sendreminders`,
        partyIds ? { PartyIds: partyIds } : {},
        once,
      ),
    updateContactDetails: (id: string, body: ContactDetails) =>
      client.put(`${errandPath(id)}/contactdetails`, body, once),
    /** Issue 7: seal again after sealing failed (the document's status is `error`). */
    retrySeal: (id: string) => client.post(`${errandPath(id)}/seal/retry`, {}, once),
    duplicate: (id: string) => client.post<Parsed<typeof ZDuplicateResponse>>(`${errandPath(id)}/duplicate`, {}, once),
    /** The sharing dialog: we send one party's link to the typed e-mail address or phone. */
    share: (id: string, body: ShareDocumentRequest) =>
      client.post<Parsed<typeof ZShareDocumentResponse>>(`${errandPath(id)}/share`, body, once),
  };
}
export type ErrandsApi = ReturnType<typeof createErrandsApi>;
