import { limits } from '@signlink/contracts/constants';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { CodePurpose } from './issue-code.ts';
import { type CodeChannel, hashCode, isSameHash, normaliseTypedCode } from './one-time-code.ts';
import { consumeCode, findCodeByToken, type OneTimeCodeRow, recordWrongTry } from './verification-codes.repository.ts';

/** Why a code was refused, in WRONG_CODE's details. */
export type WrongCodeReason = 'unknown' | 'expired' | 'used' | 'too-many-tries' | 'wrong';

export interface VerifyCodeDeps {
  database: DatabaseHandle;
  /** config.sessionSecret, as the code was issued with. */
  secret: string;
}

export interface VerifyCodeInput {
  token: string;
  /** As typed: surrounding spaces are ignored, and the case of an e-mail code. */
  code: string;
  purpose: CodePurpose;
}

export interface VerifiedCode {
  subject: Record<string, string>;
  destination: string;
  channel: CodeChannel;
}

/**
 * Checks a code and uses it (DECISIONS, OTP codes: 10 minutes, 5 wrong tries void it). Each guess is
 * counted or the code used by one conditional UPDATE, so parallel guesses can neither exceed the tries
 * nor use a code twice.
 *
 * There is deliberately no `tx`: a wrong guess must stay counted when the caller's transaction rolls back
 * on the WRONG_CODE it throws. A caller uses the code first and then makes its change.
 */
export async function verifyCode(deps: VerifyCodeDeps, input: VerifyCodeInput): Promise<VerifiedCode> {
  const { db } = deps.database;
  const row = await findCodeByToken(db, input.token.trim());
  if (!row || row.purpose !== input.purpose) throw wrongCode('unknown');
  const refusal = refusalOf(row);
  if (refusal) throw refusal;
  const typed = normaliseTypedCode(row.channel, input.code);
  if (isSameHash(row.codeHash, hashCode(deps.secret, row.token, typed))) {
    const consumed = await consumeCode(db, row.id, limits.otpMaxWrongTries);
    if (!consumed) throw await refusalNow(deps, row.token);
    return { subject: consumed.subject, destination: consumed.destination, channel: consumed.channel };
  }
  const wrongTries = await recordWrongTry(db, row.id, limits.otpMaxWrongTries);
  if (wrongTries === undefined) throw await refusalNow(deps, row.token);
  throw new AppError('WRONG_CODE', {
    details: { reason: 'wrong', triesLeft: Math.max(0, limits.otpMaxWrongTries - wrongTries) },
  });
}

function refusalOf(row: OneTimeCodeRow & { isExpired: boolean }): AppError | undefined {
  if (row.consumedAt) return wrongCode('used');
  if (row.wrongTries >= limits.otpMaxWrongTries) return wrongCode('too-many-tries');
  if (row.isExpired) return wrongCode('expired');
  return undefined;
}

/** A parallel guess closed the code between reading and updating it: say why, as it is now. */
async function refusalNow(deps: VerifyCodeDeps, token: string): Promise<AppError> {
  const row = await findCodeByToken(deps.database.db, token);
  if (!row) return wrongCode('unknown');
  // Tries and use only grow, so a code that refused the update stays closed.
  return refusalOf(row) ?? wrongCode('used');
}

function wrongCode(reason: Exclude<WrongCodeReason, 'wrong'>): AppError {
  return new AppError('WRONG_CODE', { details: { reason } });
}
