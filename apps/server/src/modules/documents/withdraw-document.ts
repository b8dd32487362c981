import type { BrandId } from '@signlink/brands/brand-config';
import type { ZWithdrawResponse } from '@signlink/contracts/documents/documents';
import type { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { findSender, listDocumentParties } from '../document-core/document-parts.repository.ts';
import { endSentDocument } from './end-document.ts';
import { type DocumentMessagingDeps, queueWithdrawnNotice } from './party-messages.ts';

type WithdrawResponse = z.infer<typeof ZWithdrawResponse>;

/**
 * `PUT linktinker/errands/{id}/disable` (SPEC section 4): only an active document, or a sealed one still awaiting a
 * Sign & Pay payment (issue 25); otherwise a completed one cannot be withdrawn. Irreversible: the links answer "recalled", unsigned parties' reservations return, and unsigned parties
 * with an e-mail address are told. Withdrawing a withdrawn document again changes nothing and answers the same way
 * (the web client retries calls, SPEC section 7), with nothing more released.
 */
export async function withdrawDocument(
  deps: DocumentMessagingDeps,
  actor: Actor,
  input: { documentId: string; brand: BrandId },
): Promise<WithdrawResponse> {
  const at = new Date();
  return deps.database.db.transaction(async (tx) => {
    const document = await findDocumentForActor(tx, {
      actor,
      documentId: input.documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    if (document.state === 'withdrawn') {
      return { DocumentId: document.id, ReleasedMinor: 0, Currency: document.currency };
    }
    // Sealed when signed, a Sign & Pay document may still await payment (issue 25): its request can be withdrawn.
    const awaitsPayment = document.state === 'completed' && (await awaitsSignPayPayment(tx, document.id));
    if (document.state === 'completed' && !awaitsPayment) throw new AppError('DOCUMENT_COMPLETED');
    if (document.state !== 'active' && !awaitsPayment) {
      throw new AppError('DOCUMENT_NOT_OPEN', { details: { state: document.state } });
    }
    const { parties, releasedMinor } = await endSentDocument(tx, {
      document,
      state: 'withdrawn',
      at,
      data: { byUserId: actor.userId },
    });
    const sender = await findSender(tx, { userId: actor.userId, accountId: actor.accountId });
    if (sender) {
      const stillActing = (party: (typeof parties)[number]) => !party.signedAt || (party.getPaid && !party.paidAt);
      for (const party of parties.filter(stillActing)) {
        await queueWithdrawnNotice(deps, tx, { document, party, sender, brand: input.brand });
      }
    }
    return { DocumentId: document.id, ReleasedMinor: releasedMinor, Currency: document.currency };
  });
}

async function awaitsSignPayPayment(tx: Transaction, documentId: string): Promise<boolean> {
  const parties = await listDocumentParties(tx, documentId);
  return parties.some((party) => party.getPaid && !party.paidAt);
}
