import { z } from 'zod';
import { normalizeEmailAddress } from '../validation/email-address.ts';
import { normalizePhoneNumber } from '../validation/phone-number.ts';

/**
 * The account's contacts (SPEC section 2, menu item Contacts): people and companies collected from sent documents'
 * parties, or typed in on `/contacts`; the editor's party fields suggest them. One contact per e-mail address or,
 * without one, per mobile number in an account.
 */
export const contactKinds = ['person', 'company'] as const;
export type ContactKind = (typeof contactKinds)[number];
export const contactSources = ['document', 'manual'] as const;

export const contactNameMaxLength = 200;
/** The list answers at most this many, sorted by name; a search narrows a longer list. */
export const contactsListMax = 500;

export const ZContact = z
  .object({
    Id: z.string(),
    Kind: z.enum(contactKinds),
    Name: z.string(),
    /** Lower case. */
    Email: z.string().nullable(),
    /** E.164. */
    Phone: z.string().nullable(),
    CompanyName: z.string().nullable(),
    OrgNumber: z.string().nullable(),
    /** Collected from a sent document, or typed in by a user. */
    Source: z.enum(contactSources),
    /** ISO 8601, UTC: when a document was last sent to them. */
    LastUsed: z.string().nullable(),
    Created: z.string(),
    Updated: z.string(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof ZContact>;

export const ZContactsQuery = z.object({
  /** Part of a name, e-mail address, mobile number or company name; case does not matter. */
  search: z.string().trim().max(200).optional(),
  /** The editor's suggestions ask for a few; the list screen for the most there are. */
  limit: z.coerce.number().int().min(1).max(contactsListMax).default(contactsListMax),
});
export type ContactsQuery = z.infer<typeof ZContactsQuery>;

export const ZContactsResponse = z.object({
  Contacts: z.array(ZContact),
  /** How many match: more than `Contacts` holds when the limit cut the list. */
  Total: z.number().int().nonnegative(),
  /** The caller may add, change and delete contacts (read-only users may only read them). */
  CanEdit: z.boolean(),
});
export type ContactsResponse = z.infer<typeof ZContactsResponse>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * `POST linktinker/contacts` and `PUT contacts/{id}`: a name and an e-mail address or a mobile number (or both),
 * checked as the editor checks a party's (SPEC section 5): INVALID_EMAIL, INVALID_PHONE, or VALIDATION_FAILED with
 * neither given. Empty strings mean none.
 */
export const ZContactRequest = z.object({
  Kind: z.enum(contactKinds).default('person'),
  Name: z.string().trim().min(1).max(contactNameMaxLength),
  Email: optionalText(254),
  Phone: optionalText(32),
  CompanyName: optionalText(contactNameMaxLength),
  OrgNumber: optionalText(40),
});
export type ContactRequest = z.infer<typeof ZContactRequest>;

export const ZContactIdParams = z.object({ id: z.string().min(1).max(64) });
export type ContactIdParams = z.infer<typeof ZContactIdParams>;

export type ContactAddressProblem =
  | { field: 'Email'; code: 'invalid-email' }
  | { field: 'Phone'; code: 'invalid-phone' }
  | { field: 'Email' | 'Phone'; code: 'without-contact' };

export type ContactAddressResult =
  | { isValid: true; email: string | null; phone: string | null }
  | { isValid: false; problems: ContactAddressProblem[] };

/**
 * A contact's e-mail address (lower case: one contact per address, whatever its case) and mobile number (E.164), or
 * what is wrong with them. The contacts screen's dialog shows the same problems the server answers.
 */
export function normalizeContactAddress(input: { email?: string | null; phone?: string | null }): ContactAddressResult {
  const email = input.email?.trim() || null;
  const phone = input.phone?.trim() || null;
  const problems: ContactAddressProblem[] = [];
  const checkedEmail = email ? normalizeEmailAddress(email) : null;
  const checkedPhone = phone ? normalizePhoneNumber(phone) : null;
  if (checkedEmail && !checkedEmail.isValid) problems.push({ field: 'Email', code: 'invalid-email' });
  if (checkedPhone && !checkedPhone.isValid) problems.push({ field: 'Phone', code: 'invalid-phone' });
  if (!email && !phone) problems.push({ field: 'Email', code: 'without-contact' });
  if (problems.length > 0) return { isValid: false, problems };
  return {
    isValid: true,
    email: checkedEmail?.isValid ? checkedEmail.address.toLowerCase() : null,
    phone: checkedPhone?.isValid ? checkedPhone.e164 : null,
  };
}
