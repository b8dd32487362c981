import { channelsOfInvitationMethod, type InvitationMethod } from '@signlink/contracts/documents/document-model';
import type { PublicLinkVisitRole } from '@signlink/contracts/links/link-details';
import type { TemplateRole } from '@signlink/contracts/templates/templates';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import { AppError } from '../../errors.ts';
import type { MasterPartyRow } from './public-links.repository.ts';

/** A person for a role: the owner's fixed one, or the one a visitor names. */
export interface RolePerson {
  SignatureIndex: number;
  Name: string;
  Email?: string | undefined;
  Phone?: string | undefined;
}

export interface PersonValues {
  name: string;
  email: string | null;
  phone: string | null;
}

/** A role's display name: the template's, or a numbered one for a slot the template left unnamed. */
export const roleNameOf = (party: MasterPartyRow) => party.role?.trim() || `Party ${party.signatureIndex + 1}`;

/** The owner fixed this role: the master names its person (role 0, the visitor's, never is). */
export const isFixed = (party: MasterPartyRow) => party.signatureIndex > 0 && party.name.trim() !== '';

export function presentTemplateRoles(parties: readonly MasterPartyRow[]): TemplateRole[] {
  return parties.map((party) => ({
    SignatureIndex: party.signatureIndex,
    Role: roleNameOf(party),
    SignatureType: party.signatureType,
    InvitationMethod: party.invitationMethod,
    Name: party.name,
    Email: party.email,
    Phone: party.phone,
  }));
}

export function presentVisitRoles(parties: readonly MasterPartyRow[]): PublicLinkVisitRole[] {
  return parties.map((party) => ({
    SignatureIndex: party.signatureIndex,
    Role: roleNameOf(party),
    SignatureType: party.signatureType,
    Fixed: isFixed(party),
  }));
}

/**
 * SPEC section 5's contact rules for a person the link will invite: a name, and a valid address on every channel
 * of the role's invitation method (an e-mail for e-mail, a phone number for texts). Answers the stored values
 * (address lower case, number E.164) or DOCUMENT_INVALID naming the role and field.
 */
export function checkPerson(person: RolePerson, invitationMethod: InvitationMethod): PersonValues {
  const channels = channelsOfInvitationMethod[invitationMethod];
  const invalid = (field: string) =>
    new AppError('DOCUMENT_INVALID', {
      details: { reason: 'role-contact-invalid', signatureIndex: person.SignatureIndex, field },
    });
  const email = person.Email?.trim() ? normalizeEmailAddress(person.Email) : undefined;
  const phone = person.Phone?.trim() ? normalizePhoneNumber(person.Phone) : undefined;
  if (email && !email.isValid) throw invalid('Email');
  if (phone && !phone.isValid) throw invalid('Phone');
  if (channels.includes('email') && !email) throw invalid('Email');
  if (channels.some((channel) => channel !== 'email') && !phone) throw invalid('Phone');
  return {
    name: person.Name.trim(),
    email: email?.isValid ? email.address.toLowerCase() : null,
    phone: phone?.isValid ? phone.e164 : null,
  };
}

/** The visitor's own entry (index 0): a name and, if given, contacts that must be valid; no channel is required. */
export function checkVisitor(person: RolePerson): PersonValues {
  const email = person.Email?.trim() ? normalizeEmailAddress(person.Email) : undefined;
  const phone = person.Phone?.trim() ? normalizePhoneNumber(person.Phone) : undefined;
  if ((email && !email.isValid) || (phone && !phone.isValid)) {
    throw new AppError('DOCUMENT_INVALID', {
      details: {
        reason: 'role-contact-invalid',
        signatureIndex: 0,
        field: email && !email.isValid ? 'Email' : 'Phone',
      },
    });
  }
  return {
    name: person.Name.trim(),
    email: email?.isValid ? email.address.toLowerCase() : null,
    phone: phone?.isValid ? phone.e164 : null,
  };
}

/** Each listed index once, and a role of the master after the visitor's; otherwise DOCUMENT_INVALID. */
export function assertKnownRoles(
  people: readonly RolePerson[],
  parties: readonly MasterPartyRow[],
  options: { allowVisitor: boolean },
) {
  const seen = new Set<number>();
  for (const person of people) {
    const isKnown = parties.some((party) => party.signatureIndex === person.SignatureIndex);
    const isVisitor = person.SignatureIndex === 0;
    if (!isKnown || (isVisitor && !options.allowVisitor) || seen.has(person.SignatureIndex)) {
      throw new AppError('DOCUMENT_INVALID', {
        details: { reason: 'unknown-role', signatureIndex: person.SignatureIndex },
      });
    }
    seen.add(person.SignatureIndex);
  }
}
