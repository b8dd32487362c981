import {
  sendRemindersRoute,
  shareDocumentRoute,
  updateContactDetailsRoute,
  withdrawDocumentRoute,
} from '@signlink/contracts/documents/document-actions.routes';
import {
  archiveDocumentRoute,
  deleteDocumentRoute,
  duplicateDocumentRoute,
  retrySealRoute,
  setDocumentAccessLevelRoute,
  setDocumentHandledRoute,
} from '@signlink/contracts/documents/document-flags.routes';
import type { DocumentStatus } from '@signlink/contracts/documents/document-status';
import type {
  ZContactDetailsRequest,
  ZDocumentDetail,
  ZDocumentsCountResponse,
  ZDocumentsQuery,
  ZDocumentsResponse,
  ZHistoryEvent,
} from '@signlink/contracts/documents/documents';
import { findDocumentRoute, listDocumentsRoute } from '@signlink/contracts/documents/documents.routes';
import type { ZDocumentLinksResponse } from '@signlink/contracts/documents/drafts';
import type { ShareDocumentRequest } from '@signlink/contracts/documents/share-document';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';

export type DocumentList = Parsed<typeof ZDocumentsResponse>;
export type DocumentSummary = DocumentList['Errands'][number];
export type DocumentParty = DocumentSummary['Parties'][number];
export type DocumentDetail = Parsed<typeof ZDocumentDetail>;
export type DocumentDetailParty = DocumentDetail['Parties'][number];
export type DocumentsCount = Parsed<typeof ZDocumentsCountResponse>;
export type HistoryEvent = Parsed<typeof ZHistoryEvent>;
export type DocumentLinks = Parsed<typeof ZDocumentLinksResponse>;
export type ContactDetails = Parsed<typeof ZContactDetailsRequest>;
/** The query as the client sends it (ZDocumentsQuery's fields): every one optional, the server fills the defaults. */
export type DocumentsQuery = {
  [Key in keyof Parsed<typeof ZDocumentsQuery>]?: Parsed<typeof ZDocumentsQuery>[Key];
} & { status?: DocumentStatus };

/** Query keys of useApiQuery: every list, count and overview starts with `errandsPath`, so one refresh reaches all. */
export const documentsPath = fillPath(listDocumentsRoute.path, {});
export const documentPath = (id: string) => fillPath(findDocumentRoute.path, { id });

/** Each screen says what failed next to the action (SPEC section 8); a change is never repeated blindly. */
const once = { silent: true, extraTries: 0 } as const;

/** SPEC section 7 `linktinker/errands`: the actions on a sent document (section 4's rules are the server's). */
export function createDocumentsApi(client: ApiClient) {
  const params = (id: string) => ({ params: { id } });
  return {
    setHandled: (id: string, handled: boolean) =>
      client.api(setDocumentHandledRoute, { ...params(id), body: { Handled: handled } }, once),
    setAccessLevel: (id: string, level: 'private' | 'shared') =>
      client.api(setDocumentAccessLevelRoute, { ...params(id), body: { AccessLevel: level } }, once),
    archive: (id: string) => client.api(archiveDocumentRoute, { ...params(id), body: {} }, once),
    /** SPEC section 7 calls unarchiving `restore`. */
    unarchive: (id: string) => client.api(archiveDocumentRoute, { ...params(id), body: { restore: true } }, once),
    withdraw: (id: string) => client.api(withdrawDocumentRoute, { ...params(id), body: {} }, once),
    /** `ownDocumentOnly`: a completed document leaves only the owner's lists; the parties keep theirs. */
    remove: (id: string, ownDocumentOnly: boolean) =>
      client.api(deleteDocumentRoute, { ...params(id), body: ownDocumentOnly ? { ownDocumentOnly: true } : {} }, once),
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
export type DocumentsApi = ReturnType<typeof createDocumentsApi>;
