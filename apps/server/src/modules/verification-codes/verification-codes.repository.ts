import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { oneTimeCodes } from '../../db/schema/auth.ts';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
type Db = Database | Transaction;

/** Every time here is the database's clock, so API processes with drifting clocks agree on expiry. */
const now = sql`now()`;

/** Orders racing sends to one destination, so the send limit's count cannot be beaten; released at commit. */
export async function lockCodeDestination(tx: Transaction, destination: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`one-time-code:${destination}`}, 0))`);
}

/**
 * The destination's newest codes of the window, at most `limit`, each with the seconds until it leaves the
 * window. Voided and used codes count: the limit is on messages sent.
 */
export async function findRecentSends(
  tx: Transaction,
  input: { destination: string; windowMinutes: number; limit: number },
): Promise<number[]> {
  const windowLength = sql`make_interval(mins => ${input.windowMinutes})`;
  const secondsLeft = sql<number>`ceil(extract(epoch from ${oneTimeCodes.createdAt} + ${windowLength} - ${now}))::int`;
  const rows = await tx
    .select({ secondsLeft: secondsLeft.mapWith(Number) })
    .from(oneTimeCodes)
    // Written as a range on created_at so the (destination, created_at) index answers it.
    .where(
      and(eq(oneTimeCodes.destination, input.destination), gt(oneTimeCodes.createdAt, sql`${now} - ${windowLength}`)),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(input.limit);
  return rows.map((row) => row.secondsLeft);
}

/** Marks the destination's open codes for the purpose as used, so only the code about to be issued works. */
export async function voidOpenCodes(tx: Transaction, input: { purpose: string; destination: string }) {
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, input.purpose),
        eq(oneTimeCodes.destination, input.destination),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  tx: Transaction,
  row: Omit<typeof oneTimeCodes.$inferInsert, 'createdAt' | 'expiresAt' | 'wrongTries' | 'consumedAt'> & {
    validMinutes: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const { validMinutes, ...values } = row;
  const [inserted] = await tx
    .insert(oneTimeCodes)
    .values({ ...values, expiresAt: sql`${now} + make_interval(mins => ${validMinutes})` })
    .returning({ token: oneTimeCodes.token, expiresAt: oneTimeCodes.expiresAt });
  if (!inserted) throw new Error(`one-time code ${row.id} was not inserted`);
  return inserted;
}

export async function findCodeByToken(
  db: Db,
  token: string,
): Promise<(OneTimeCodeRow & { isExpired: boolean }) | undefined> {
  const [found] = await db
    .select({ row: oneTimeCodes, isExpired: sql<boolean>`${oneTimeCodes.expiresAt} <= ${now}` })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.token, token));
  return found ? { ...found.row, isExpired: found.isExpired } : undefined;
}

/** Only a code still open to guesses is guessed at: its checks and the change are one statement. */
function isOpen(maxWrongTries: number) {
  return and(
    isNull(oneTimeCodes.consumedAt),
    lt(oneTimeCodes.wrongTries, maxWrongTries),
    gt(oneTimeCodes.expiresAt, now),
  );
}

/**
 * Counts a wrong guess; returns the new count, or nothing when the code was no longer open. Parallel
 * guesses queue on the row's lock and each re-checks the condition, so at most `maxWrongTries` count.
 */
export async function recordWrongTry(db: Db, id: string, maxWrongTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ wrongTries: sql`${oneTimeCodes.wrongTries} + 1` })
    .where(and(eq(oneTimeCodes.id, id), isOpen(maxWrongTries)))
    .returning({ wrongTries: oneTimeCodes.wrongTries });
  return row?.wrongTries;
}

/** Uses a right code; returns the row only to the one caller whose update used it. */
export async function consumeCode(db: Db, id: string, maxWrongTries: number): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isOpen(maxWrongTries)))
    .returning();
  return row;
}
