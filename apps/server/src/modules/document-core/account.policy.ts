import { type RoleCode, roles } from '@signlink/contracts/auth/roles';
import type { DocumentKind } from '@signlink/contracts/documents/document-model';
import { AppError } from '../../errors.ts';

/**
 * SPEC section 6, the one answer to "may this caller do that" (ARCHITECTURE: every service call checks
 * one). Account-wide actions by role; document actions also by the document's access level, where a
 * private document stays private even from administrators.
 */
export type AccountAction =
  | 'account.view'
  | 'account.manage'
  | 'integrations.manage'
  | 'users.manage'
  | 'customers.manage'
  | 'billing.manage'
  | 'balance.fund'
  | 'documents.create'
  | 'documents.send'
  | 'inbox.use'
  | 'templates.create'
  | 'publicLinks.create'
  | 'contacts.manage'
  | 'paymentProducts.create'
  | 'referralLinks.manage';

/**
 * `document.share` is holding the parties' link codes (and having one sent to a typed address): a code is that
 * party's credential, so only the owner, who chose the recipients, may hold them; colleagues who may manage a shared
 * document still never see one (issue 20).
 */
export type DocumentAction = 'document.view' | 'document.manage' | 'document.share';

const { administrator, regular, contributor, readOnly } = roles;

const allowedRoles: Record<AccountAction, readonly RoleCode[]> = {
  'account.view': [administrator, regular, contributor, readOnly],
  'account.manage': [administrator],
  'integrations.manage': [administrator],
  'users.manage': [administrator],
  // SPEC section 6: partners add customer accounts; also only for a partner account (authorizePartnerAdmin).
  'customers.manage': [administrator],
  'billing.manage': [administrator],
  // Those who send documents spend the balance, so they add to it (top-ups, gift cards, campaigns) and see what was
  // paid and charged; read-only users and contributors spend nothing (SPEC section 6).
  'balance.fund': [administrator, regular],
  'documents.create': [administrator, regular],
  'documents.send': [administrator, regular],
  'inbox.use': [administrator, regular, readOnly],
  'templates.create': [administrator, regular, contributor],
  'publicLinks.create': [administrator, regular, contributor],
  // Those who make documents or templates keep the people they send to; every member may read them.
  'contacts.manage': [administrator, regular, contributor],
  // Sign & Pay products are asked for by documents, templates and public links: those who make them make products.
  'paymentProducts.create': [administrator, regular, contributor],
  // A partner's administrators (SPEC section 6); the account being a partner is checked by the service.
  'referralLinks.manage': [administrator],
};

export interface PolicyActor {
  userId: string;
  accountId: string;
  role: number;
}

export interface PolicyDocument {
  accountId: string;
  ownerUserId: string;
  accessLevel: 'private' | 'shared';
  /** A template's or public link's master (issue 24) is kept by those who make templates; absent: a document. */
  kind?: DocumentKind;
}

export function can(actor: PolicyActor, action: AccountAction, target?: { accountId: string }): boolean;
export function can(actor: PolicyActor, action: DocumentAction, target: PolicyDocument): boolean;
export function can(
  actor: PolicyActor,
  action: AccountAction | DocumentAction,
  target?: { accountId: string } | PolicyDocument,
): boolean {
  if (target && target.accountId !== actor.accountId) return false;
  if (action === 'document.share') {
    const document = target as PolicyDocument;
    return document.ownerUserId === actor.userId && canSend(actor.role);
  }
  if (action === 'document.view' || action === 'document.manage') {
    const document = target as PolicyDocument;
    // SPEC section 6: contributors make and edit templates and public links (never send them); read-only users
    // neither see nor change them. A shared one is every maker's to use and edit.
    if (document.kind && document.kind !== 'document') {
      if (!can(actor, 'templates.create')) return false;
      return document.ownerUserId === actor.userId || document.accessLevel === 'shared';
    }
    if (document.ownerUserId === actor.userId) return action === 'document.view' || canSend(actor.role);
    if (document.accessLevel === 'private') return false;
    // Shared: regular users and admins have full access; read-only users see them (SPEC section 6).
    return action === 'document.view' ? actor.role !== contributor : canSend(actor.role);
  }
  return (allowedRoles[action] as readonly number[]).includes(actor.role);
}

/** `can`, or the catalogue's error: another account's resource is "not found", a role's limit "forbidden". */
export function authorize(actor: PolicyActor, action: AccountAction, target?: { accountId: string }): void;
export function authorize(actor: PolicyActor, action: DocumentAction, target: PolicyDocument): void;
export function authorize(
  actor: PolicyActor,
  action: AccountAction | DocumentAction,
  target?: { accountId: string } | PolicyDocument,
): void {
  // Another account's ids are answered as unknown, so ids cannot be probed across accounts.
  if (target && target.accountId !== actor.accountId) throw new AppError('NOT_FOUND');
  if (!can(actor, action as AccountAction, target)) {
    throw new AppError('FORBIDDEN', { details: { action } });
  }
}

/**
 * SPEC section 6, "partners add customer accounts, see invitations and referral links": an administrator of an
 * account the provider made a partner (the session's account says which, no extra read). Another account's
 * invitation or link is "not found" (ids cannot be probed), a role's limit or a non-partner account "forbidden".
 */
export function authorizePartnerAdmin(
  actor: PolicyActor & { isPartner: boolean },
  action: 'customers.manage' | 'referralLinks.manage',
  target?: { accountId: string },
): void {
  authorize(actor, action, target);
  if (!actor.isPartner) throw new AppError('FORBIDDEN', { details: { action, reason: 'not-a-partner' } });
}

/**
 * Issue 26: a company's integrations (API keys, webhooks, OAuth apps, the developer log) are its administrators' to
 * manage; a personal account has no systems of its own to connect. Another account's ones are "not found".
 */
export function authorizeIntegrations(
  actor: PolicyActor & { accountKind: string },
  target?: { accountId: string },
): void {
  authorize(actor, 'integrations.manage', target);
  if (actor.accountKind === 'personal') {
    throw new AppError('FORBIDDEN', { details: { action: 'integrations.manage', reason: 'personal-account' } });
  }
}

function canSend(role: number) {
  return role === administrator || role === regular;
}
