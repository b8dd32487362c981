/**
 * The balance ledger's arithmetic, without I/O: which pots a spend draws from and where a release goes back.
 * A pot is paid credit (`voucherCreditId` null: top-ups, the welcome offer, never expiring, SPEC section 9) or one
 * voucher credit (a gift card, campaign or referral credit) that counts as zero from its expiry on.
 */
export interface Pot {
  voucherCreditId: string | null;
  /** The sum of the pot's ledger lines. */
  remainingMinor: number;
  expiresAt: Date | null;
}

export interface PotPart {
  voucherCreditId: string | null;
  amountMinor: number;
}

export const isLapsed = (pot: Pick<Pot, 'voucherCreditId' | 'expiresAt'>, now: Date) =>
  pot.voucherCreditId !== null && pot.expiresAt !== null && pot.expiresAt.getTime() <= now.getTime();

/** What the account can spend now, and the part of it that is voucher credit. */
export function liveTotals(pots: readonly Pot[], now: Date) {
  let totalMinor = 0;
  let voucherMinor = 0;
  for (const pot of pots) {
    if (isLapsed(pot, now) || pot.remainingMinor <= 0) continue;
    totalMinor += pot.remainingMinor;
    if (pot.voucherCreditId !== null) voucherMinor += pot.remainingMinor;
  }
  return { totalMinor, voucherMinor };
}

/**
 * Spending order: voucher credit before paid credit, so what would lapse goes first; among vouchers the earliest
 * expiry first, one without expiry last; ties by id, so the order is the same on every run.
 */
function compareDrawOrder(a: Pot, b: Pot): number {
  if ((a.voucherCreditId === null) !== (b.voucherCreditId === null)) return a.voucherCreditId === null ? 1 : -1;
  const expiryA = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const expiryB = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (expiryA !== expiryB) return expiryA - expiryB;
  return (a.voucherCreditId ?? '').localeCompare(b.voucherCreditId ?? '');
}

/** The parts a spend of `amountMinor` takes from the live pots, or null when they do not cover it. */
export function planDraw(pots: readonly Pot[], amountMinor: number, now: Date): PotPart[] | null {
  const live = pots.filter((pot) => !isLapsed(pot, now) && pot.remainingMinor > 0).sort(compareDrawOrder);
  const parts: PotPart[] = [];
  let left = amountMinor;
  for (const pot of live) {
    if (left === 0) break;
    const take = Math.min(left, pot.remainingMinor);
    parts.push({ voucherCreditId: pot.voucherCreditId, amountMinor: take });
    left -= take;
  }
  return left === 0 ? parts : null;
}

/** What a document still holds of each pot it drew from (its reservations less what came back). */
export interface Draw extends Pot {}

/**
 * A release of `amountMinor` of a document's reservation (its unsigned parties' share) unwinds the draw in reverse:
 * paid credit comes back first, then vouchers latest expiry first. A part from a voucher credit that has lapsed
 * is not restored (SPEC section 4: "except for expired gift cards"): it is forfeited.
 */
export function planRelease(draws: readonly Draw[], amountMinor: number, now: Date) {
  const unwinding = draws.filter((draw) => draw.remainingMinor > 0).sort((a, b) => compareDrawOrder(b, a));
  const restored: PotPart[] = [];
  let forfeitedMinor = 0;
  let left = amountMinor;
  for (const draw of unwinding) {
    if (left === 0) break;
    const part = Math.min(left, draw.remainingMinor);
    left -= part;
    if (isLapsed(draw, now)) forfeitedMinor += part;
    else restored.push({ voucherCreditId: draw.voucherCreditId, amountMinor: part });
  }
  // A reservation made before the ledger had pots has no draws: it was paid credit.
  if (left > 0) restored.push({ voucherCreditId: null, amountMinor: left });
  return { restored, forfeitedMinor };
}
