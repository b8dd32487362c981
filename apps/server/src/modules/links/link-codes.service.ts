import type { BrandId } from '@signlink/brands/brand-config';
import { limits } from '@signlink/contracts/constants';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import type { RateLimitDeps } from '../rate-limits/enforce-rate-limit.ts';
import { countLinkDestination } from '../rate-limits/link-destinations.ts';
import { type IssueCodeDeps, issueVerificationCode } from '../verification-codes/issue-code.ts';
import type { CodeChannel } from '../verification-codes/one-time-code.ts';
import { findCodeByToken } from '../verification-codes/verification-codes.repository.ts';
import { verifyCode } from '../verification-codes/verify-code.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import {
  findPartyContact,
  insertCodeProof,
  lockLinkGate,
  releaseGateTry,
  reserveGateTry,
} from './link-gate.repository.ts';
import { assertGateOpen, gateLockedError, requiredGate } from './link-gate.ts';
import { usableLink } from './usable-link.ts';

/** Every link code is this purpose; the subject says which link and whether it opens the gate. */
const purpose = 'recipient-access';
export type CodeUse = 'gate' | 'contact';
type WrongCode = { reason?: string; triesLeft?: number } | undefined;
type PartyContact = { email: string | null; phone: string | null } | undefined;
export type SendLinkCodeDeps = IssueCodeDeps & Pick<RateLimitDeps, 'rateLimits'>;

export interface SendLinkCodeInput {
  linkId: string;
  channel: CodeChannel;
  use: CodeUse;
  value?: string | undefined;
  /** For a contact code: the RequestToken of `access`. */
  requestToken?: string | undefined;
  brand: BrandId;
}

/**
 * Sends a code for a link (SPEC section 7 `links/{id}/sms`, `/email` and `/validation/…`): for its gate only when the
 * gate is this channel (SPEC section 4 order), and to the party's own number or address when the sender gave one.
 * The send limit (3 per destination per 15 minutes) is issueVerificationCode's; a destination other than the party's
 * own counts against the link's few new destinations a day (constants `rateLimits.linkNewDestinations`).
 */
export async function sendLinkCode(deps: SendLinkCodeDeps, input: SendLinkCodeInput) {
  const { db } = deps.database;
  const { link, document } = await usableLink(db, input.linkId);
  assertGateOpen(link);
  if (input.use === 'gate' && requiredGate(link) !== input.channel) {
    throw new AppError('ACCESS_FAILED', { details: { reason: `gate-not-${input.channel}` } });
  }
  if (input.use === 'contact') await requireLinkAccess({ db, secret: deps.secret }, link.id, input.requestToken);
  const party = await findPartyContact(db, link.partyId);
  const destination = destinationOf(input, party);
  // One transaction: a code refused by its destination's limit leaves the link's count of new destinations as it was.
  const issued = await db.transaction(async (tx) => {
    if (!isOwnContact(input.channel, destination, party)) {
      await countLinkDestination(tx, deps, { linkId: link.id, destination });
    }
    return issueVerificationCode(deps, {
      purpose,
      channel: input.channel,
      destination,
      subject: { linkId: link.id, use: input.use },
      locale: documentLocaleOf(document),
      brand: input.brand,
      tx,
    });
  });
  return { ClientAccessKey: issued.token };
}

/**
 * The typed value, or the party's predefined one. At the gate a predefined contact is the only destination
 * (SPEC section 5: "unless predefined and masked"), so a different value is the catalogue's wrong phone or e-mail.
 */
function destinationOf(input: SendLinkCodeInput, party: PartyContact) {
  const predefined = predefinedContactOf(input.channel, party);
  const typed = input.value ? normalised(input.channel, input.value) : undefined;
  if (!typed) {
    if (!predefined) throw normalisedError(input.channel);
    return predefined;
  }
  if (input.use === 'gate' && predefined && normalised(input.channel, predefined) !== typed) {
    throw new AppError(input.channel === 'sms' ? 'WRONG_PHONE' : 'WRONG_EMAIL');
  }
  return typed;
}

/** The sender gave this number or address for the party: the link's own, not one the recipient chose. */
function isOwnContact(channel: CodeChannel, destination: string, party: PartyContact): boolean {
  const predefined = predefinedContactOf(channel, party);
  if (!predefined) return false;
  try {
    return normalised(channel, predefined) === normalised(channel, destination);
  } catch {
    return false;
  }
}

/** The number or address the sender gave for the party on this channel, if any. */
function predefinedContactOf(channel: CodeChannel, party: PartyContact): string | null | undefined {
  return channel === 'sms' ? party?.phone : party?.email;
}

function normalised(channel: CodeChannel, value: string): string {
  if (channel === 'email') {
    const email = normalizeEmailAddress(value);
    if (!email.isValid) throw normalisedError(channel);
    return email.address.toLowerCase();
  }
  const phone = normalizePhoneNumber(value);
  if (!phone.isValid) throw normalisedError(channel);
  return phone.e164;
}

function normalisedError(channel: CodeChannel) {
  return new AppError(channel === 'sms' ? 'INVALID_PHONE' : 'INVALID_EMAIL', { details: { field: 'value' } });
}

/**
 * `links/{id}/validation/validate`: the typed code, checked under two limits (issue 8, part 3): 5 wrong tries void
 * the code (verifyCode), and 10 wrong codes at the link lock its gate until the sender sends it again. A right code
 * becomes the link's proof: a gate proof opens `access` once within the code's validity.
 */
export async function validateLinkCode(
  deps: Pick<IssueCodeDeps, 'database' | 'secret'>,
  input: { linkId: string; code: string; clientAccessKey: string },
) {
  const { db } = deps.database;
  const { link } = await usableLink(db, input.linkId);
  assertGateOpen(link);
  // A code of another link is unknown here, and checking it must not use it up.
  const issued = await findCodeByToken(db, input.clientAccessKey);
  if (!issued || issued.purpose !== purpose || issued.subject.linkId !== link.id) {
    throw new AppError('WRONG_CODE', { details: { reason: 'unknown' } });
  }
  const tries = await reserveGateTry(db, link.id, limits.linkGateMaxWrongTries);
  if (tries === undefined) throw gateLockedError();
  let verified: Awaited<ReturnType<typeof verifyCode>>;
  try {
    verified = await verifyCode(deps, { token: input.clientAccessKey, code: input.code, purpose });
  } catch (error) {
    const details = error instanceof AppError && error.code === 'WRONG_CODE' ? (error.details as WrongCode) : undefined;
    if (details?.reason !== 'wrong') {
      await releaseGateTry(db, link.id);
      throw error;
    }
    if (tries >= limits.linkGateMaxWrongTries) await lockLinkGate(db, link.id);
    throw new AppError('WRONG_CODE', {
      details: { ...details, linkTriesLeft: Math.max(0, limits.linkGateMaxWrongTries - tries) },
    });
  }
  await releaseGateTry(db, link.id);
  const use: CodeUse = verified.subject.use === 'contact' ? 'contact' : 'gate';
  await insertCodeProof(db, {
    id: newId('lcp'),
    linkId: link.id,
    codeToken: input.clientAccessKey,
    use,
    channel: verified.channel,
    destination: verified.destination,
  });
  return { ClientAccessKey: input.clientAccessKey, Type: verified.channel, Use: use };
}
