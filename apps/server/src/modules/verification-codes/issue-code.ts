import type { BrandId } from '@signlink/brands/brand-config';
import { limits } from '@signlink/contracts/constants';
import type { Locale } from '@signlink/contracts/locales';
import type { MessageData } from '@signlink/contracts/messaging/message-kinds';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { type SendMessageDeps, sendMessage } from '../messaging/send-message.ts';
import { type CodeChannel, generateCode, generateCodeToken, hashCode } from './one-time-code.ts';
import { findRecentSends, insertCode, lockCodeDestination, voidOpenCodes } from './verification-codes.repository.ts';

/** What a code is for; the `verification-code` message names it to the recipient. */
export type CodePurpose = MessageData<'verification-code'>['purpose'];

/** What sendMessage needs, and the server's secret (config.sessionSecret) that keys the stored hash. */
export type IssueCodeDeps = SendMessageDeps & { secret: string };

export interface IssueCodeInput {
  purpose: CodePurpose;
  channel: CodeChannel;
  /** An E.164 phone number or an e-mail address; normalised again here, so the send limit counts one key. */
  destination: string;
  /** What the code unlocks when right (a registration id, a user id); verifyCode hands it back. */
  subject: Record<string, string>;
  locale: Locale;
  brand: BrandId;
  /** The caller's transaction: the code, its message and the caller's change commit together (outbox). */
  tx?: Transaction;
}

export interface IssuedCode {
  /** The browser's handle for verifyCode. The code itself is only in the message. */
  token: string;
  expiresAt: Date;
}

/**
 * Issues an SMS or e-mail code and queues its message in one transaction (issue 5, security figures):
 * at most three codes per destination per 15 minutes, whatever they are for; the destination's earlier
 * open codes for the same purpose stop working.
 */
export async function issueVerificationCode(deps: IssueCodeDeps, input: IssueCodeInput): Promise<IssuedCode> {
  const destination = normaliseDestination(input.channel, input.destination);
  const write = async (tx: Transaction): Promise<IssuedCode> => {
    await lockCodeDestination(tx, destination);
    const recent = await findRecentSends(tx, {
      destination,
      windowMinutes: limits.codeSendWindowMinutes,
      limit: limits.codesPerDestinationPerWindow,
    });
    if (recent.length >= limits.codesPerDestinationPerWindow) {
      // A send is free again when the oldest of the newest `limit` codes leaves the window.
      const retryAfterSeconds = Math.max(1, recent[limits.codesPerDestinationPerWindow - 1] ?? 1);
      throw new AppError('RATE_LIMITED', { details: { retryAfterSeconds } });
    }
    await voidOpenCodes(tx, { purpose: input.purpose, destination });
    const code = generateCode(input.channel);
    const token = generateCodeToken();
    const issued = await insertCode(tx, {
      id: newId('otc'),
      token,
      purpose: input.purpose,
      channel: input.channel,
      destination,
      codeHash: hashCode(deps.secret, token, code),
      subject: input.subject,
      validMinutes: limits.otpValidityMinutes,
    });
    await sendMessage(
      deps,
      {
        kind: 'verification-code',
        data: { code, purpose: input.purpose, validMinutes: limits.otpValidityMinutes },
        channel: input.channel,
        to: destination,
        locale: input.locale,
        brand: input.brand,
      },
      tx,
    );
    return issued;
  };
  return input.tx ? write(input.tx) : deps.database.db.transaction(write);
}

/** The destination column's form: E.164, or the whole address in lower case. */
function normaliseDestination(channel: CodeChannel, destination: string): string {
  if (channel === 'email') {
    const email = normalizeEmailAddress(destination);
    if (!email.isValid) throw new AppError('INVALID_EMAIL', { details: { field: 'destination' } });
    return email.address.toLowerCase();
  }
  const phone = normalizePhoneNumber(destination);
  if (!phone.isValid) throw new AppError('INVALID_PHONE', { details: { field: 'destination' } });
  return phone.e164;
}
