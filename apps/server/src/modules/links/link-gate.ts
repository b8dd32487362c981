import type { LinkGate } from '@signlink/contracts/links/link-access';
import { AppError } from '../../errors.ts';

/**
 * SPEC section 4, recipient gate order: BankID, else SMS, else e-mail, else direct access. A link asking for
 * more than one is opened by the first of them; the consent message and the old-browser warning come before
 * any of them but are the page's (they prove nothing the server could check).
 */
export function requiredGate(link: { requireBankId: boolean; requireSms: boolean; requireEmail: boolean }): LinkGate {
  if (link.requireBankId) return 'bankid';
  if (link.requireSms) return 'sms';
  if (link.requireEmail) return 'email';
  return 'none';
}

/** Issue 8, part 3: after too many wrong codes the gate stays shut until the sender sends the link again. */
export function assertGateOpen(link: { gateLockedAt: Date | null }) {
  if (link.gateLockedAt) throw gateLockedError();
}

export function gateLockedError() {
  return new AppError('ACCESS_FAILED', { details: { reason: 'gate-locked' } });
}
