import { priceDocument } from '@signlink/contracts/documents/document-cost';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findAccountBalance } from '../billing/balance.repository.ts';
import { releaseToBalance, spendBalance } from '../billing/balance-ledger.ts';
import { type PartyRow, updateParty } from '../document-core/document-parts.repository.ts';

/**
 * Sending holds the document's cost on the account's balance ledger; withdrawal and expiry give back what unsigned
 * parties held. The ledger locks the account row first, so two sends cannot both spend one balance, and draws
 * voucher credit before paid credit. Text fees of messages the provider accepted are also written to
 * `transaction_fees` by messaging; billing settles those against this reservation when it charges, so a text is
 * paid once.
 */
export async function reserveDocumentCost(
  tx: Transaction,
  input: { accountId: string; documentId: string; parties: readonly PartyRow[]; now?: Date },
) {
  const account = await findAccountBalance(tx, input.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  const cost = priceDocument(input.parties, account.currency);
  if (cost.totalMinor > 0) {
    await spendBalance(tx, {
      accountId: input.accountId,
      documentId: input.documentId,
      amountMinor: cost.totalMinor,
      ...(input.now ? { now: input.now } : {}),
    });
  }
  for (const [index, party] of input.parties.entries()) {
    await updateParty(tx, party.id, { reservedMinor: cost.partyMinor[index] ?? 0 });
  }
  return cost;
}

/**
 * SPEC section 4: "Balance is restored for unsigned fields, except for expired gift cards." Every unsigned party's
 * reservation returns to the pots it was drawn from, but what came from voucher credit that has lapsed by `now`.
 * A signed party's reservation stays spent. Returns what was restored.
 */
export async function releaseUnsignedReservations(
  tx: Transaction,
  input: { accountId: string; documentId: string; parties: readonly PartyRow[]; now?: Date },
): Promise<number> {
  const releasable = input.parties.filter((party) => !party.signedAt && party.reservedMinor > 0);
  const releasedMinor = releasable.reduce((sum, party) => sum + party.reservedMinor, 0);
  if (releasedMinor === 0) return 0;
  for (const party of releasable) await updateParty(tx, party.id, { reservedMinor: 0 });
  return releaseToBalance(tx, {
    accountId: input.accountId,
    documentId: input.documentId,
    amountMinor: releasedMinor,
    ...(input.now ? { now: input.now } : {}),
  });
}
