import type { CustomerInvitation, CustomerInvitationDetails } from '@signlink/contracts/accounts/customer-invitations';
import type { CustomerInvitationRow, ListedCustomerInvitation } from './customer-invitations.repository.ts';
import { maskEmailAddress } from './users.presenter.ts';

export function presentCustomerInvitation(row: ListedCustomerInvitation): CustomerInvitation {
  const { invitation } = row;
  return {
    Id: invitation.id,
    Kind: invitation.kind,
    Email: invitation.email,
    OrgNumber: invitation.orgNumber,
    Name: invitation.name,
    Status: invitation.status,
    InvitedByName: row.inviterName,
    CreatedAccountId: invitation.createdAccountId,
    CreatedAccountName: row.createdAccountName,
    CreatedAt: invitation.createdAt.toISOString(),
    RemindedAt: invitation.remindedAt?.toISOString() ?? null,
    DecidedAt: invitation.decidedAt?.toISOString() ?? null,
  };
}

export function presentCustomerInvitationDetails(row: {
  invitation: CustomerInvitationRow;
  partnerName: string;
  inviterName: string | null;
}): CustomerInvitationDetails {
  return {
    Id: row.invitation.id,
    Kind: row.invitation.kind,
    PartnerName: row.partnerName,
    InviterName: row.inviterName,
    EmailAddressMasked: maskEmailAddress(row.invitation.email),
    OrgNumber: row.invitation.orgNumber,
    Name: row.invitation.name,
    Status: row.invitation.status,
  };
}
