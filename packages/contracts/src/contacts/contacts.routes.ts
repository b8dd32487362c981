import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import { ZContact, ZContactIdParams, ZContactRequest, ZContactsQuery, ZContactsResponse } from './contacts.ts';

/**
 * The account's contacts (SPEC section 2, menu item Contacts). Every member reads them (read-only users see the
 * parties of shared documents anyway); those who make documents or templates (administrators, regular users,
 * contributors) add, change and delete them. Another account's contact is NOT_FOUND.
 */
const tags = ['contacts'];
const callers = ['session'] as const;

export const listContactsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/contacts',
  tags,
  callers,
  summary: "The account's contacts sorted by name, searched, at most `limit` (the editor's suggestions ask for a few)",
  query: ZContactsQuery,
  responses: { 200: ZContactsResponse },
  errors: [],
});

export const createContactRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/contacts',
  tags,
  callers,
  summary: 'Adds a contact (one per e-mail address, or mobile number without one, in an account)',
  body: ZContactRequest,
  responses: { 201: ZContact },
  errors: ['FORBIDDEN', 'INVALID_EMAIL', 'INVALID_PHONE', 'CONTACT_ALREADY_EXISTS'],
});

export const updateContactRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/contacts/:id',
  tags,
  callers,
  summary: 'Changes a contact (it becomes one typed in by a user)',
  params: ZContactIdParams,
  body: ZContactRequest,
  responses: { 200: ZContact },
  errors: ['NOT_FOUND', 'FORBIDDEN', 'INVALID_EMAIL', 'INVALID_PHONE', 'CONTACT_ALREADY_EXISTS'],
});

export const deleteContactRoute = defineRoute({
  method: 'DELETE',
  path: '/linktinker/contacts/:id',
  tags,
  callers,
  summary: 'Deletes a contact (sending to them again collects them again)',
  params: ZContactIdParams,
  responses: { 204: z.null() },
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
