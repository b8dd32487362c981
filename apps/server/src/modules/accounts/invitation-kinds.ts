import {
  type AcceptInvitationRequest,
  isCustomerInvitationId,
} from '@signlink/contracts/accounts/customer-invitations';
import type { Actor } from '../../http/actor.ts';
import type { SessionDeps } from '../auth/start-session.ts';
import type { CompanyDeps } from '../companies/create-company-account.ts';
import { acceptCustomerInvitation, findCustomerInvitationDetailsOrThrow } from './accept-customer-invitation.ts';
import { acceptInvitation, findInvitationDetailsOrThrow } from './accept-invitation.ts';
import { remindCustomerInvitation, revokeCustomerInvitation } from './customer-invitations.service.ts';
import {
  type InvitationsDeps,
  type MessageSettings,
  remindInvitation,
  revokeInvitation,
} from './invitations.service.ts';

/**
 * `account/invitations/{id}` serves user invitations (`inv_…`, an administrator's) and a partner's customer
 * invitations (`cin_…`, SPEC section 6) alike; the id's prefix chooses, here and nowhere else.
 */
function byKind<U, C>(invitationId: string, handlers: { user: () => U; customer: () => C }): U | C {
  return isCustomerInvitationId(invitationId) ? handlers.customer() : handlers.user();
}

export function revokeAnyInvitation(deps: InvitationsDeps, actor: Actor, input: { invitationId: string }) {
  return byKind(input.invitationId, {
    user: () => revokeInvitation(deps, actor, input),
    customer: () => revokeCustomerInvitation(deps, actor, input),
  });
}

export function remindAnyInvitation(
  deps: InvitationsDeps,
  actor: Actor,
  input: { invitationId: string } & MessageSettings,
) {
  return byKind(input.invitationId, {
    user: () => remindInvitation(deps, actor, input),
    customer: () => remindCustomerInvitation(deps, actor, input),
  });
}

export function findAnyInvitationDetails(deps: SessionDeps, input: { invitationId: string }) {
  return byKind(input.invitationId, {
    user: () => findInvitationDetailsOrThrow(deps, input),
    customer: () => findCustomerInvitationDetailsOrThrow(deps, input),
  });
}

/** A user invitation takes no body: it only adds a membership. */
export function acceptAnyInvitation(
  deps: CompanyDeps,
  actor: Actor,
  input: { invitationId: string; body: AcceptInvitationRequest },
) {
  return byKind(input.invitationId, {
    user: () => acceptInvitation(deps, actor, input),
    customer: () => acceptCustomerInvitation(deps, actor, input),
  });
}
