import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import type { Transaction } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { type CollectedContact, upsertCollectedContacts } from './contacts.repository.ts';

export interface PartyContact {
  name: string;
  email: string | null;
  phone: string | null;
}

/** The contact a party makes: its address lower case, its number E.164; none without either (a BankID-only party). */
function contactOf(party: PartyContact): Omit<CollectedContact, 'id'> | undefined {
  const email = party.email ? normalizeEmailAddress(party.email) : undefined;
  const phone = party.phone ? normalizePhoneNumber(party.phone) : undefined;
  const contact = {
    name: party.name.trim(),
    email: email?.isValid ? email.address.toLowerCase() : null,
    phone: phone?.isValid ? phone.e164 : null,
  };
  return contact.email || contact.phone ? contact : undefined;
}

/**
 * The parties a document was sent to become the account's contacts, in the sending transaction: a send that fails
 * collects no one. The same person twice in one document is one contact (the later party's name wins).
 */
export async function collectPartyContacts(
  tx: Transaction,
  input: { accountId: string; parties: readonly PartyContact[]; at: Date },
) {
  const byKey = new Map<string, CollectedContact>();
  for (const party of input.parties) {
    const contact = contactOf(party);
    if (!contact) continue;
    const key = contact.email ?? `phone:${contact.phone}`;
    const earlier = byKey.get(key);
    byKey.set(key, {
      id: earlier?.id ?? newId('con'),
      name: contact.name || earlier?.name || '',
      email: contact.email,
      phone: contact.phone ?? earlier?.phone ?? null,
    });
  }
  if (byKey.size === 0) return;
  await upsertCollectedContacts(tx, { accountId: input.accountId, contacts: [...byKey.values()], at: input.at });
}
