import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { BrandId } from '@signlink/brands/brand-config';
import { pinResetValidMinutes, type ZPinResetRequest } from '@signlink/contracts/auth/pin-reset';
import { limits } from '@signlink/contracts/constants';
import type { Locale } from '@signlink/contracts/locales';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { type SendMessageDeps, sendMessage } from '../messaging/send-message.ts';
import { emailAddressOrThrow, maskPhoneNumber, phoneNumberOrThrow } from './phone-identity.ts';
import {
  countRecentPinResets,
  findOpenPinReset,
  findUserForPinReset,
  insertPinReset,
  lockPinResetsOfUser,
  setUserPin,
  usePinReset,
} from './pin-resets.repository.ts';
import { revokeUserSessions } from './sessions.repository.ts';

/**
 * A PIN reset link by SMS (to the user's phone) or e-mail (SPEC section 7 `account/pin/reset`). A phone
 * with no user is "no account found for the phone" (SPEC section 8); at most 3 links per user per
 * 15 minutes, like codes.
 */
export async function requestPinReset(
  deps: SendMessageDeps,
  input: z.infer<typeof ZPinResetRequest> & { brand: BrandId; locale: Locale },
) {
  const { db } = deps.database;
  const channel = input.phoneNumber ? ('sms' as const) : ('email' as const);
  const destination = input.phoneNumber
    ? phoneNumberOrThrow(input.phoneNumber)
    : emailAddressOrThrow(input.emailAddress ?? '');
  const user = await findUserForPinReset(db, channel === 'sms' ? { phone: destination } : { email: destination });
  if (!user) throw new AppError(channel === 'sms' ? 'NO_ACCOUNT_FOR_PHONE' : 'NOT_FOUND');
  const resetId = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await lockPinResetsOfUser(tx, user.id);
    const sent = await countRecentPinResets(tx, { userId: user.id, windowMinutes: limits.codeSendWindowMinutes });
    if (sent >= limits.codesPerDestinationPerWindow) {
      throw new AppError('RATE_LIMITED', { details: { reason: 'pin-reset-links' } });
    }
    await insertPinReset(tx, { id: resetId, userId: user.id, validMinutes: pinResetValidMinutes });
    await sendMessage(
      deps,
      {
        kind: 'pin-reset',
        data: { resetId, validMinutes: pinResetValidMinutes },
        channel,
        // The address on file, as the user gave it at sign-up, not as typed now.
        to: (channel === 'sms' ? user.phone : user.email) ?? destination,
        // The language of the page the person asked from.
        locale: input.lang ?? input.locale,
        brand: input.brand,
      },
      tx,
    );
  });
  return { SentTo: channel === 'sms' ? maskPhoneNumber(destination) : maskEmail(destination), Channel: channel };
}

/** Whether a reset link still works: unknown, used or past its 30 minutes is "PIN reset link expired". */
export async function checkPinReset(deps: Pick<SendMessageDeps, 'database'>, resetId: string) {
  const reset = await openReset(deps, resetId);
  return { Valid: true as const, ...(reset.phone ? { PhoneNumberMasked: maskPhoneNumber(reset.phone) } : {}) };
}

/**
 * The new PIN: the link is used once (a conditional UPDATE, so two tabs cannot both use it), the PIN lock
 * lifts, and the user's sessions end, since whoever reset the PIN may not be whoever was signed in.
 */
export async function resetPin(deps: Pick<SendMessageDeps, 'database'>, resetId: string, pin: string) {
  const reset = await openReset(deps, resetId);
  const pinHash = await hash(pin);
  await deps.database.db.transaction(async (tx) => {
    if (!(await usePinReset(tx, resetId))) throw new AppError('PIN_RESET_EXPIRED');
    await setUserPin(tx, { userId: reset.userId, pinHash });
    await revokeUserSessions(tx, { userId: reset.userId });
  });
}

async function openReset(deps: Pick<SendMessageDeps, 'database'>, resetId: string) {
  const reset = await findOpenPinReset(deps.database.db, resetId);
  if (!reset) throw new AppError('PIN_RESET_EXPIRED');
  return reset;
}

export function maskEmail(address: string) {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
