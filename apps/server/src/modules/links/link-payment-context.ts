import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findPayingAccount } from '../billing/payments.repository.ts';
import { listDocumentFiles, listDocumentParties, type PartyRow } from '../document-core/document-parts.repository.ts';
import { type LinkAccess, requireLinkAccess } from './link-access-guard.ts';
import { canUseSlot } from './signing-state.ts';

export interface LinkPaymentDeps {
  db: Database;
  /** Signs and checks RequestTokens. */
  secret: string;
}

/** What every recipient payment call reads: the link past its gate, the document's parties, who may use which slot. */
export interface LinkPaymentContext {
  access: LinkAccess;
  parties: PartyRow[];
  /** Whether this recipient may use the slot (SPEC section 6, fieldAccessKeys). */
  mayUse(signatureIndex: number): boolean;
  allSigned: boolean;
  allPaid: boolean;
  requireEmailVerification: boolean;
  payeeName: string;
}

export async function linkPaymentContext(
  deps: LinkPaymentDeps,
  input: { linkId: string; requestToken: string | undefined },
): Promise<LinkPaymentContext> {
  const access = await requireLinkAccess(deps, input.linkId, input.requestToken);
  const { document } = access;
  const files = await listDocumentFiles(deps.db, document.id);
  const parties = await listDocumentParties(deps.db, document.id);
  const rules = files.map((file) => file.rules);
  const owner = await findPayingAccount(deps.db, document.accountId);
  return {
    access,
    parties,
    mayUse: (signatureIndex) => canUseSlot(rules, signatureIndex, access.fieldAccessKeys),
    allSigned: parties.length > 0 && parties.every((party) => party.signedAt !== null),
    allPaid: isAllPaid(parties),
    requireEmailVerification: settingsWithDefaults(document.settings).requireEmailVerificationForSignAndPay,
    payeeName: owner?.legalName ?? owner?.name ?? '',
  };
}

/** A paying slot of this recipient's, or the catalogue's refusal. */
export function payingPartyOf(context: LinkPaymentContext, signatureIndex: number): PartyRow {
  const party = context.parties.find((candidate) => candidate.signatureIndex === signatureIndex);
  if (!party?.getPaid) throw new AppError('NOT_FOUND', { details: { reason: 'no-payment-for-slot' } });
  if (!context.mayUse(signatureIndex)) throw new AppError('FORBIDDEN', { details: { reason: 'another-party-slot' } });
  return party;
}

/** Every party asked to pay has paid (true when none is). */
export function isAllPaid(parties: readonly Pick<PartyRow, 'getPaid' | 'paidAt'>[]): boolean {
  return parties.every((party) => !party.getPaid || party.paidAt !== null);
}
