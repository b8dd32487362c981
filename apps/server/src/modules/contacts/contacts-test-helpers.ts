import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { insertContact } from './contacts.repository.ts';

/** A contact of `accountId` typed in by a user, with an address no other test uses. */
export function insertTestContact(db: Database, accountId: string, name = 'Test Contact') {
  return insertContact(db, {
    id: newId('con'),
    accountId,
    name,
    email: `contact-${randomBytes(6).toString('hex')}@example.com`,
    source: 'manual',
  });
}

/** A create request no earlier one in the account collides with. */
export const freshContactRequest = () => ({
  Name: 'New Contact',
  Email: `new-${randomBytes(6).toString('hex')}@example.com`,
});
