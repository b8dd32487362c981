import {
  type ContactRequest,
  type ContactsQuery,
  type ContactsResponse,
  normalizeContactAddress,
} from '@signlink/contracts/contacts/contacts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { authorize, can } from '../document-core/account.policy.ts';
import { presentContact } from './contacts.presenter.ts';
import {
  type ContactChanges,
  deleteAccountContact,
  insertContact,
  listAccountContacts,
  updateAccountContact,
} from './contacts.repository.ts';

export interface ContactsDeps {
  db: Database;
}

/** Every member reads the account's contacts: read-only users see the parties of shared documents anyway. */
export async function listContacts(deps: ContactsDeps, actor: Actor, query: ContactsQuery): Promise<ContactsResponse> {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const { rows, total } = await listAccountContacts(deps.db, { accountId: actor.accountId, ...query });
  return {
    Contacts: rows.map(presentContact),
    Total: total,
    CanEdit: can(actor, 'contacts.manage', { accountId: actor.accountId }),
  };
}

/** The form's values checked as the editor checks a party's contact (SPEC section 5), addresses normalised. */
function changesOf(request: ContactRequest): ContactChanges {
  const address = normalizeContactAddress({ email: request.Email, phone: request.Phone });
  if (!address.isValid) {
    const [problem] = address.problems;
    if (problem?.code === 'invalid-email') throw new AppError('INVALID_EMAIL', { details: { field: 'Email' } });
    if (problem?.code === 'invalid-phone') throw new AppError('INVALID_PHONE', { details: { field: 'Phone' } });
    throw new AppError('VALIDATION_FAILED', { details: { field: 'Email', reason: 'without-contact' } });
  }
  return {
    kind: request.Kind,
    name: request.Name,
    email: address.email,
    phone: address.phone,
    companyName: request.CompanyName || null,
    orgNumber: request.OrgNumber || null,
  };
}

/** One statement each, so the unique index answers a taken address without a transaction to roll back. */
function alreadyExists(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('CONTACT_ALREADY_EXISTS', { cause: error });
  throw error;
}

export async function createContact(deps: ContactsDeps, actor: Actor, request: ContactRequest) {
  authorize(actor, 'contacts.manage', { accountId: actor.accountId });
  const changes = changesOf(request);
  const at = new Date();
  const row = await insertContact(deps.db, {
    id: newId('con'),
    accountId: actor.accountId,
    ...changes,
    source: 'manual',
    createdAt: at,
    updatedAt: at,
  }).catch(alreadyExists);
  return presentContact(row);
}

/** Another account's contact is answered as unknown, so ids cannot be probed across accounts. */
export async function updateContact(deps: ContactsDeps, actor: Actor, input: { id: string; request: ContactRequest }) {
  authorize(actor, 'contacts.manage', { accountId: actor.accountId });
  const changes = changesOf(input.request);
  const row = await updateAccountContact(deps.db, {
    accountId: actor.accountId,
    id: input.id,
    changes,
    at: new Date(),
  }).catch(alreadyExists);
  if (!row) throw new AppError('NOT_FOUND');
  return presentContact(row);
}

export async function deleteContact(deps: ContactsDeps, actor: Actor, input: { id: string }) {
  authorize(actor, 'contacts.manage', { accountId: actor.accountId });
  if (!(await deleteAccountContact(deps.db, { accountId: actor.accountId, id: input.id }))) {
    throw new AppError('NOT_FOUND');
  }
}
