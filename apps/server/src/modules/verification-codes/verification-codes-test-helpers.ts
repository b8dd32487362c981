import type { TestApp } from '../../../test/build-test-app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { IssueCodeDeps } from './issue-code.ts';

/** The services' dependencies from the test app: its real database, queue and messaging providers. */
export function codeDeps(testApp: TestApp): IssueCodeDeps {
  const { database, queue, messaging, config } = testApp.context;
  return { database, queue, messaging, secret: config.sessionSecret };
}

let sequence = 0;

/** A phone number or address no other test of the file sends to, so the send limit never crosses tests. */
export function freshDestination(channel: 'sms' | 'email'): string {
  sequence += 1;
  return channel === 'sms' ? `+46701${String(sequence).padStart(6, '0')}` : `person-${sequence}@example.com`;
}

/** What the person received: the code in the newest queued `verification-code` message to them. */
export async function readSentCode(database: DatabaseHandle, destination: string): Promise<string> {
  const { rows } = await database.executeSql(
    `select data->>'code' as code from messages
      where kind = 'verification-code' and recipient = $1
      order by created_at desc, id desc limit 1`,
    [destination],
  );
  const code = rows[0]?.code;
  if (typeof code !== 'string') throw new Error(`no verification code was sent to ${destination}`);
  return code;
}

/** The error a call was refused with, as `{ code, details }`, or 'ok'. */
export async function outcomeOf(call: Promise<unknown>): Promise<'ok' | { code: string; details: unknown }> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, details: error.details };
  }
}
