import { priceDocument } from '@signlink/contracts/documents/document-cost';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findAccountBalance } from '../billing/balance.repository.ts';
import { releaseToBalance, spendBalance } from '../billing/balance-ledger.ts';
import { drawPlanSignatures, lockPlanForDraw, returnPlanSignatures } from '../billing/plan-signatures.ts';
import { type PartyRow, updateParty } from '../document-core/document-parts.repository.ts';

/**
 * Sending holds the document's cost: SPEC section 9, a price plan's signatures first (one per party while the plan
 * year has some left), the rest on the account's balance ledger; withdrawal and expiry give back what unsigned
 * parties held. The plan row is locked before the ledger locks the account row, so two sends can neither draw the
 * plan's last signature nor spend one balance twice; the ledger draws voucher credit before paid credit. Text fees
 * of messages the provider accepted are also written to `transaction_fees` by messaging; billing settles those
 * against this reservation when it charges, so a text is paid once.
 */
export async function reserveDocumentCost(
  tx: Transaction,
  input: { accountId: string; documentId: string; parties: readonly PartyRow[]; now?: Date },
) {
  const now = input.now ?? new Date();
  const drawable = await lockPlanForDraw(tx, input.accountId, now);
  const account = await findAccountBalance(tx, input.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  const cost = priceDocument(input.parties, account.currency, drawable?.left ?? 0);
  if (drawable) await drawPlanSignatures(tx, { plan: drawable.plan, count: cost.planSignatures, now });
  if (cost.totalMinor > 0) {
    await spendBalance(tx, {
      accountId: input.accountId,
      documentId: input.documentId,
      amountMinor: cost.totalMinor,
      now,
    });
  }
  for (const [index, party] of input.parties.entries()) {
    await updateParty(tx, party.id, {
      reservedMinor: cost.partyMinor[index] ?? 0,
      reservedPlanSubscriptionId: cost.partyFromPlan[index] && drawable ? drawable.plan.id : null,
    });
  }
  return cost;
}

/**
 * SPEC section 4: "Balance is restored for unsigned fields, except for expired gift cards." Every unsigned party's
 * reservation returns to the pots it was drawn from, but what came from voucher credit that has lapsed by `now`; a
 * plan signature returns to its plan while the plan year it was drawn in (at `drawnAt`, the sending) is current.
 * A signed party's reservation stays spent. Returns the money restored.
 */
export async function releaseUnsignedReservations(
  tx: Transaction,
  input: { accountId: string; documentId: string; parties: readonly PartyRow[]; drawnAt: Date | null; now?: Date },
): Promise<number> {
  const now = input.now ?? new Date();
  const unsigned = input.parties.filter((party) => !party.signedAt);
  const byPlan = new Map<string, number>();
  for (const party of unsigned) {
    if (party.reservedPlanSubscriptionId) {
      byPlan.set(party.reservedPlanSubscriptionId, (byPlan.get(party.reservedPlanSubscriptionId) ?? 0) + 1);
    }
  }
  // Plan rows before the account row, in the order sending locks them.
  for (const [planId, count] of byPlan) {
    if (input.drawnAt) await returnPlanSignatures(tx, { planId, count, drawnAt: input.drawnAt, now });
  }
  const releasable = unsigned.filter((party) => party.reservedMinor > 0 || party.reservedPlanSubscriptionId);
  const releasedMinor = releasable.reduce((sum, party) => sum + party.reservedMinor, 0);
  for (const party of releasable)
    await updateParty(tx, party.id, { reservedMinor: 0, reservedPlanSubscriptionId: null });
  if (releasedMinor === 0) return 0;
  return releaseToBalance(tx, {
    accountId: input.accountId,
    documentId: input.documentId,
    amountMinor: releasedMinor,
    now,
  });
}
