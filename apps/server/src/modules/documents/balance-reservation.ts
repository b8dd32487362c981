import { priceDocument } from '@signlink/contracts/documents/document-cost';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { addBalanceEntry, findAccountBalance } from '../billing/balance.repository.ts';
import { type PartyRow, updateParty } from '../document-core/document-parts.repository.ts';

/**
 * Issue 6, part 4: sending holds the document's cost on the account's balance ledger; withdrawal and expiry give
 * back what unsigned parties held. The account row is locked first, so two sends cannot both spend one balance.
 * Text fees of messages the provider accepted are also written to `transaction_fees` by messaging; billing settles
 * those against this reservation when it charges, so a text is paid once.
 */
export async function reserveDocumentCost(
  tx: Transaction,
  input: { accountId: string; documentId: string; parties: readonly PartyRow[] },
) {
  const account = await findAccountBalance(tx, input.accountId, { lock: true });
  if (!account) throw new AppError('NOT_FOUND');
  const cost = priceDocument(input.parties, account.currency);
  if (account.balanceMinor < cost.totalMinor) {
    throw new AppError('INSUFFICIENT_BALANCE', {
      details: { costMinor: cost.totalMinor, balanceMinor: account.balanceMinor, currency: account.currency },
    });
  }
  if (cost.totalMinor > 0) {
    await addBalanceEntry(tx, {
      accountId: input.accountId,
      kind: 'document-reservation',
      amountMinor: -cost.totalMinor,
      currency: account.currency,
      documentId: input.documentId,
    });
  }
  for (const [index, party] of input.parties.entries()) {
    await updateParty(tx, party.id, { reservedMinor: cost.partyMinor[index] ?? 0 });
  }
  return cost;
}

/**
 * SPEC section 4: "Balance is restored for unsigned fields, except for expired gift cards." Gift cards (vouchers)
 * come with billing; until then no balance is gift-card money, so every unsigned party's reservation returns in full.
 * A signed party's reservation stays spent. Returns what was released.
 */
export async function releaseUnsignedReservations(
  tx: Transaction,
  input: { accountId: string; documentId: string; parties: readonly PartyRow[] },
): Promise<number> {
  const releasable = input.parties.filter((party) => !party.signedAt && party.reservedMinor > 0);
  const releasedMinor = releasable.reduce((sum, party) => sum + party.reservedMinor, 0);
  if (releasedMinor === 0) return 0;
  const account = await findAccountBalance(tx, input.accountId, { lock: true });
  if (!account) throw new AppError('NOT_FOUND');
  for (const party of releasable) await updateParty(tx, party.id, { reservedMinor: 0 });
  await addBalanceEntry(tx, {
    accountId: input.accountId,
    kind: 'document-reservation-release',
    amountMinor: releasedMinor,
    currency: account.currency,
    documentId: input.documentId,
  });
  return releasedMinor;
}
