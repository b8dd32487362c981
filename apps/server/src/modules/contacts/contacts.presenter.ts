import type { Contact } from '@signlink/contracts/contacts/contacts';
import type { ContactRow } from './contacts.repository.ts';

export function presentContact(row: ContactRow): Contact {
  return {
    Id: row.id,
    Kind: row.kind,
    Name: row.name,
    Email: row.email,
    Phone: row.phone,
    CompanyName: row.companyName,
    OrgNumber: row.orgNumber,
    Source: row.source,
    LastUsed: row.lastUsedAt?.toISOString() ?? null,
    Created: row.createdAt.toISOString(),
    Updated: row.updatedAt.toISOString(),
  };
}
