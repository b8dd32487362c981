import { priceDocument } from '@signlink/contracts/documents/document-cost';
import type { CostResponse, SendProblem } from '@signlink/contracts/documents/send-document';
import { isReachable } from '@signlink/contracts/documents/send-problems';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { readBalance } from '../billing/balance-ledger.ts';
import { findPlanSignaturesLeft } from '../billing/plan-signatures.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { findDraftProblems, loadDraftToSend } from './send-validation.ts';

/**
 * `POST linktinker/links/cost`: the saved draft priced from the price list, with the account's
 * balance and whether it covers the cost, so the editor can say "not enough balance" before the sender tries, and
 * every problem sending would refuse (SPEC section 5). A party sending cannot reach is not priced: it is never sent.
 */
export async function quoteDocumentCost(db: Database, actor: Actor, draftId: string): Promise<CostResponse> {
  authorize(actor, 'documents.send', { accountId: actor.accountId });
  const document = await findDocumentForActor(db, { actor, documentId: draftId, action: 'document.manage' });
  const { files, parties } = await loadDraftToSend(db, document);
  const account = await readBalance(db, document.accountId);
  const problems = await findDraftProblems(db, { document, files, parties });
  // SPEC section 9: the plan's signatures first, as sending draws them; only the rest is checked against the balance.
  const planSignaturesLeft = await findPlanSignaturesLeft(db, document.accountId, new Date());
  const cost = priceDocument(parties.filter(isReachable), account.currency, planSignaturesLeft);
  // The live total: lapsed voucher credit does not count, whether or not its expiry line is written yet.
  return presentCost(cost, account.totalMinor, problems);
}

export function presentCost(
  cost: ReturnType<typeof priceDocument>,
  balanceMinor: number,
  problems: SendProblem[],
): CostResponse {
  return {
    Currency: cost.currency,
    Lines: cost.lines.map((line) => ({
      Kind: line.kind,
      Quantity: line.quantity,
      UnitMinor: line.unitMinor,
      AmountMinor: line.amountMinor,
    })),
    TotalMinor: cost.totalMinor,
    BalanceMinor: balanceMinor,
    IsCovered: balanceMinor >= cost.totalMinor,
    Problems: problems,
  };
}
