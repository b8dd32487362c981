import { limits } from '@signlink/contracts/constants';
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
 * The reminder limit of user and customer invitations alike (limits.userInvitationResendMinutes): counted from
 * the invitation's last e-mail, the first one included, so an invite followed by a click on "remind" does not
 * send two e-mails in a minute.
 */
export function assertResendAllowed(invitation: { createdAt: Date; remindedAt: Date | null }, now: Date): void {
  const lastSentAt = invitation.remindedAt ?? invitation.createdAt;
  const nextAllowedAt = lastSentAt.getTime() + limits.userInvitationResendMinutes * 60_000;
  if (now.getTime() < nextAllowedAt) {
    throw new AppError('RATE_LIMITED', {
      details: { retryAfterSeconds: Math.ceil((nextAllowedAt - now.getTime()) / 1000) },
    });
  }
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
