import { seedPaidPayment } from '../modules/sign-pay/payment-record-test-helpers.ts';
import { paymentRecordDeps } from '../modules/sign-pay/seal-payment-record.job.ts';
import { sealPaymentRecord } from '../modules/sign-pay/seal-payment-record.ts';
import type { AccessRules } from './access-rules.ts';
import { requestTokenRule } from './link-rule-kinds.ts';
import { viewers } from './rules-documents.ts';
import type { World } from './security-world-test-helpers.ts';

/**
 * A Sign & Pay payment's sealed record (README "Sign & Pay records"): those who may see the document download it, as
 * they do its sealed PDF; of the parties, the payer alone, through their link.
 */
const made = new WeakMap<World, Map<number, Promise<string>>>();

/** A paid payment with its sealed record on the world's sealed document, by the party at `partyIndex`; made once. */
function recordOf(world: World, partyIndex: number): Promise<string> {
  const byParty = made.get(world) ?? new Map<number, Promise<string>>();
  made.set(world, byParty);
  const existing = byParty.get(partyIndex);
  if (existing) return existing;
  const making = (async () => {
    const { testApp, sealed } = world;
    const party = sealed.parties[partyIndex];
    if (!party) throw new Error(`the sealed document has no party ${partyIndex}`);
    const payment = await seedPaidPayment(testApp.database.db, {
      documentId: sealed.documentId,
      accountId: sealed.accountId,
      party,
    });
    const deps = paymentRecordDeps({ database: testApp.database, services: testApp.context });
    await sealPaymentRecord(deps, { signPayPaymentId: payment.id });
    return payment.id;
  })();
  byParty.set(partyIndex, making);
  return making;
}

export const paymentRecordRules: AccessRules = {
  'GET /linktinker/projects/:id/payments/:paymentId/record': {
    session: {
      allowed: viewers,
      resource: 'sent document',
      sample: async (w) => ({ params: { id: w.sealed.documentId, paymentId: await recordOf(w, 1) } }),
    },
  },
  // L1 is the sealed document's party 0, the payer of the record asked for; L2's token and others' are refused.
  'GET /linktinker/links/:id/payment/record': requestTokenRule(
    async (as) => ({
      params: { id: as.code },
      query: { requestToken: as.token, paymentId: await recordOf(world(), 0) },
    }),
    'sealed',
    async (w) => {
      current = w;
      await recordOf(w, 0);
      return {};
    },
  ),
};

// The link rule's sample is not handed the world; its prepare step, which runs first, keeps it here.
let current: World | undefined;
function world(): World {
  if (!current) throw new Error('prepare runs first');
  return current;
}
