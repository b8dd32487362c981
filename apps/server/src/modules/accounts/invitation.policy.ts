import { AppError } from '../../errors.ts';

interface PolicyInvitation {
  email: string;
  status: 'pending' | 'cancelled' | 'accepted';
}

/** SPEC section 4: pending, then cancelled (revoked) or accepted, and neither goes back. */
export function assertPending(invitation: PolicyInvitation): void {
  if (invitation.status === 'cancelled') throw new AppError('INVITATION_CANCELLED');
  if (invitation.status === 'accepted') throw new AppError('INVITATION_ALREADY_ACCEPTED');
}

/**
 * Who may accept: the person the invitation was sent to, known by the same e-mail address (compared
 * case-insensitively; the link alone is not enough, since an e-mail can be forwarded). A user without an
 * address, or with another one, is refused: they log in with the invited address, or ask for a new invitation.
 */
export function canAcceptInvitation(user: { email: string | null }, invitation: PolicyInvitation): boolean {
  return Boolean(user.email) && user.email?.toLowerCase() === invitation.email.toLowerCase();
}

export function authorizeAcceptance(user: { email: string | null }, invitation: PolicyInvitation): void {
  if (!canAcceptInvitation(user, invitation)) {
    throw new AppError('FORBIDDEN', { details: { reason: 'invitation-for-another-email' } });
  }
}
