import type { ContactRequest } from '@signlink/contracts/contacts/contacts';
import {
  createContactRoute,
  deleteContactRoute,
  listContactsRoute,
  updateContactRoute,
} from '@signlink/contracts/contacts/contacts.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';

/** The list's query key prefix (useApiQuery), refreshed after a contact is added, changed or deleted. */
export const contactsPath = fillPath(listContactsRoute.path, {});

/** The account's contacts (SPEC section 2, menu item Contacts); failures are the caller's to show. */
export function createContactsApi(client: ApiClient) {
  return {
    create: (body: ContactRequest) => client.api(createContactRoute, { body }, { silent: true }),
    update: (id: string, body: ContactRequest) =>
      client.api(updateContactRoute, { params: { id }, body }, { silent: true }),
    remove: (id: string) => client.api(deleteContactRoute, { params: { id } }, { silent: true }),
    /** The editor's suggestions: a few matches; an aborted search (typing went on) is no failure to show. */
    suggest: (search: string, signal: AbortSignal) =>
      client.api(listContactsRoute, { query: { search, limit: 8 } }, { silent: true, signal, extraTries: 0 }),
  };
}
