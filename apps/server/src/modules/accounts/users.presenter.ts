import type { AccountUser, Invitation, InvitationDetails } from '@signlink/contracts/accounts/users';
import type { RoleCode } from '@signlink/contracts/auth/roles';
import type { InvitationRow } from './invitations.repository.ts';
import type { MemberRow } from './users.repository.ts';

/** The schema's check keeps roles to SPEC section 6's four codes. */
const roleOf = (role: number) => role as RoleCode;

export function presentMember(member: MemberRow, viewer: { userId: string }): AccountUser {
  return {
    UserId: member.userId,
    Name: member.name,
    Email: member.email,
    Role: roleOf(member.role),
    IsYou: member.userId === viewer.userId,
  };
}

export function presentInvitation(invitation: InvitationRow, inviterName: string | null): Invitation {
  return {
    Id: invitation.id,
    Email: invitation.email,
    Role: roleOf(invitation.role),
    Status: invitation.status,
    UserId: invitation.acceptedBy,
    InvitedByName: inviterName,
    CreatedAt: invitation.createdAt.toISOString(),
    RemindedAt: invitation.remindedAt?.toISOString() ?? null,
    DecidedAt: invitation.decidedAt?.toISOString() ?? null,
  };
}

export function presentInvitationDetails(row: {
  invitation: InvitationRow;
  accountName: string;
  inviterName: string | null;
}): InvitationDetails {
  return {
    Id: row.invitation.id,
    Kind: 'user',
    CompanyName: row.accountName,
    InviterName: row.inviterName,
    EmailAddressMasked: maskEmailAddress(row.invitation.email),
    Role: roleOf(row.invitation.role),
    Status: row.invitation.status,
  };
}

/**
 * Enough of the address for the invited person to know which one to log in with, not enough for anyone
 * holding the link to learn it: `k•••n@example.com`.
 */
export function maskEmailAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown = local.length > 2 ? `${local[0]}•••${local.at(-1)}` : `${local[0] ?? ''}•••`;
  return `${shown}${email.slice(at)}`;
}
