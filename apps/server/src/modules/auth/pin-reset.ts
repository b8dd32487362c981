import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { BrandId } from '@signlink/brands/brand-config';
import { pinResetValidMinutes, type ZPinResetRequest } from '@signlink/contracts/auth/pin-reset';
import { limits } from '@signlink/contracts/constants';
import type { Locale } from '@signlink/contracts/locales';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/accounts.ts';
import { pinResets, sessions } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { type SendMessageDeps, sendMessage } from '../messaging/send-message.ts';
import { emailAddressOrThrow, maskPhoneNumber, phoneNumberOrThrow } from './phone-identity.ts';

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
  const [user] = await db
    .select({ id: users.id, phone: users.phone, email: users.email })
    .from(users)
    .where(
      channel === 'sms' ? eq(users.phone, destination) : eq(sql`lower(${users.email})`, destination.toLowerCase()),
    );
  if (!user) throw new AppError(channel === 'sms' ? 'NO_ACCOUNT_FOR_PHONE' : 'NOT_FOUND');
  const resetId = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pin-reset:${user.id}`}))`);
    const [recent] = await tx
      .select({ sent: count() })
      .from(pinResets)
      .where(
        and(
          eq(pinResets.userId, user.id),
          gt(pinResets.createdAt, sql`now() - make_interval(mins => ${limits.codeSendWindowMinutes})`),
        ),
      );
    if ((recent?.sent ?? 0) >= limits.codesPerDestinationPerWindow) {
      throw new AppError('RATE_LIMITED', { details: { reason: 'pin-reset-links' } });
    }
    await tx.insert(pinResets).values({
      id: resetId,
      userId: user.id,
      expiresAt: sql`now() + make_interval(mins => ${pinResetValidMinutes})`,
    });
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
    const used = await tx
      .update(pinResets)
      .set({ usedAt: new Date() })
      .where(and(eq(pinResets.id, resetId), isNull(pinResets.usedAt), gt(pinResets.expiresAt, sql`now()`)))
      .returning({ id: pinResets.id });
    if (used.length === 0) throw new AppError('PIN_RESET_EXPIRED');
    await tx.update(users).set({ pinHash, pinWrongTries: 0, pinLockedUntil: null }).where(eq(users.id, reset.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
  });
}

async function openReset(deps: Pick<SendMessageDeps, 'database'>, resetId: string) {
  const [reset] = await deps.database.db
    .select({ userId: pinResets.userId, phone: users.phone })
    .from(pinResets)
    .innerJoin(users, eq(users.id, pinResets.userId))
    .where(and(eq(pinResets.id, resetId), isNull(pinResets.usedAt), gt(pinResets.expiresAt, sql`now()`)));
  if (!reset) throw new AppError('PIN_RESET_EXPIRED');
  return reset;
}

function maskEmail(address: string) {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
