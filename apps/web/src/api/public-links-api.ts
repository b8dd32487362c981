import { fillPath } from '@signlink/contracts/http/route-contract';
import type { CreatePublicLinkRequest, UpdatePublicLinkRequest } from '@signlink/contracts/public-links/public-links';
import {
  createPublicLinkRoute,
  deletePublicLinkRoute,
  disablePublicLinkRoute,
  editPublicLinkRoute,
  listOwnLinksRoute,
  listPublicLinksRoute,
  updatePublicLinkRoute,
} from '@signlink/contracts/public-links/public-links.routes';
import type { ApiClient } from './api-client.ts';

/** The lists' query keys (useApiQuery), refreshed after any change to a link. */
export const publicLinksPath = fillPath(listPublicLinksRoute.path, {});
export const ownLinksPath = fillPath(listOwnLinksRoute.path, {});

/** SPEC section 7's public-link calls; each silent: the screen says what went wrong. */
export function createPublicLinksApi(client: ApiClient) {
  const silent = { silent: true } as const;
  const params = (id: string) => ({ id });
  return {
    create: (body: CreatePublicLinkRequest) => client.api(createPublicLinkRoute, { body }, silent),
    update: (id: string, body: UpdatePublicLinkRequest) =>
      client.api(updatePublicLinkRoute, { params: params(id), body }, silent),
    remove: (id: string) => client.api(deletePublicLinkRoute, { params: params(id) }, silent),
    setDisabled: (id: string, disabled: boolean) =>
      client.api(disablePublicLinkRoute, { params: params(id), body: { Disabled: disabled } }, silent),
    /** The master document the field editor opens (`/create/{ProjectId}`). */
    openEditor: (id: string) => client.api(editPublicLinkRoute, { params: params(id) }, silent),
  };
}
export type PublicLinksApi = ReturnType<typeof createPublicLinksApi>;
