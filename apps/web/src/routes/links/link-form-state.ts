import type { InvitationMethod } from '@signlink/contracts/documents/document-model';
import type { FixedRole, PublicLink } from '@signlink/contracts/public-links/public-links';
import type { TemplateRole } from '@signlink/contracts/templates/templates';

/** The gate a public link's visitor passes (SPEC section 4): one of them, or none. */
export type LinkGateChoice = 'none' | 'bankid' | 'sms' | 'email';

/** A role after the visitor's: named by each visitor, or fixed by the owner to one person. */
export interface RoleChoice {
  signatureIndex: number;
  role: string;
  isFixed: boolean;
  name: string;
  email: string;
  phone: string;
  invitationMethod: InvitationMethod;
}

export interface LinkFormState {
  name: string;
  gate: LinkGateChoice;
  roles: RoleChoice[];
}

/** The roles the owner decides on: every one but the visitor's own (role 0), as the template or link holds them. */
export function roleChoicesOf(roles: readonly TemplateRole[]): RoleChoice[] {
  return roles
    .filter((role) => role.SignatureIndex > 0)
    .map((role) => ({
      signatureIndex: role.SignatureIndex,
      role: role.Role,
      isFixed: role.Name.trim() !== '',
      name: role.Name,
      email: role.Email ?? '',
      phone: role.Phone ?? '',
      invitationMethod: role.InvitationMethod,
    }));
}

export function gateOf(link: Pick<PublicLink, 'RequireBankID' | 'RequireSMS' | 'RequireEmail'>): LinkGateChoice {
  if (link.RequireBankID) return 'bankid';
  if (link.RequireSMS) return 'sms';
  if (link.RequireEmail) return 'email';
  return 'none';
}

export function gateFieldsOf(gate: LinkGateChoice) {
  return { RequireBankID: gate === 'bankid', RequireSMS: gate === 'sms', RequireEmail: gate === 'email' };
}

const needsEmail = (method: InvitationMethod) => method === 'email' || method === 'email-and-sms';
const needsPhone = (method: InvitationMethod) => method !== 'email';

/** What is missing for a fixed role, as an i18n key; null when it is complete. */
export function missingOf(role: RoleChoice): string | null {
  if (!role.isFixed) return null;
  if (!role.name.trim()) return 'publicLinks.form.nameMissing';
  if (needsEmail(role.invitationMethod) && !role.email.trim()) return 'publicLinks.form.emailMissing';
  if (needsPhone(role.invitationMethod) && !role.phone.trim()) return 'publicLinks.form.phoneMissing';
  return null;
}

/** The fixed roles as the create and update calls take them; a role left to the visitor is not sent. */
export function fixedRolesOf(roles: readonly RoleChoice[]): FixedRole[] {
  return roles
    .filter((role) => role.isFixed)
    .map((role) => ({
      SignatureIndex: role.signatureIndex,
      Name: role.name.trim(),
      ...(role.email.trim() ? { Email: role.email.trim() } : {}),
      ...(role.phone.trim() ? { Phone: role.phone.trim() } : {}),
      InvitationMethod: role.invitationMethod,
    }));
}
