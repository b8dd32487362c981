import { limits } from '@signlink/contracts/constants';
import type { LinkAccessResponse, LinkGate, ZLinkAccessRequest } from '@signlink/contracts/links/link-access';
import type { z } from 'zod';
import type { DatabaseHandle, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { confirmedIdentity } from '../bankid/bankid-identity.ts';
import { markOrderConsumed } from '../bankid/bankid-orders.repository.ts';
import { type BankIdDeps, settledBankIdOrder } from '../bankid/bankid-orders.service.ts';
import { linkAccessResponse } from './link-access-response.ts';
import { signLinkAccessToken } from './link-access-token.ts';
import { useGateProof } from './link-gate.repository.ts';
import { assertGateOpen, requiredGate } from './link-gate.ts';
import { markPartyOpened } from './link-opened.ts';
import { insertLinkVerification } from './links.repository.ts';
import { findLinkWithDocumentParts } from './recipient-snapshot.repository.ts';
import { fieldAccessKeysOfSnapshot, signingStateOfSnapshot } from './signing-state.ts';
import { assertLinkUsable } from './usable-link.ts';

export type LinkAccessDeps = BankIdDeps & { secret: string; database: DatabaseHandle };
type UserData = LinkAccessResponse['UserData'];
type Proof = { verifiedValue?: string; userData: UserData };

const noProof = (reason: string) => new AppError('ACCESS_FAILED', { details: { reason } });

/**
 * `POST linktinker/links/{linkID}/access` (SPEC sections 3, 4 and 7): the gate the link asks for, in SPEC section 4's
 * order, proved by the key of what the recipient completed (each proof opens the link once); then the document's
 * files, the recipient's own keys and verified value, their signature slots and a RequestToken bound to this link.
 * The party's first access is its `opened` event, written once however many accesses race.
 */
export async function openLink(
  deps: LinkAccessDeps,
  linkId: string,
  request: z.infer<typeof ZLinkAccessRequest>,
): Promise<LinkAccessResponse> {
  const found = assertLinkUsable(await findLinkWithDocumentParts(deps.database, linkId));
  const { link, document } = found;
  assertGateOpen(link);
  if (request.linkID && request.linkID !== link.id) throw noProof('link-mismatch');
  const gate = requiredGate(link);
  // A BankID order is collected (HTTP to BankID) before the transaction, which then consumes it.
  const order =
    gate === 'bankid'
      ? await settledBankIdOrder(deps, request.BankIdClientAccessKey ?? missingProof(), {
          purposes: ['link-access'],
          linkId: link.id,
        })
      : undefined;
  if (order?.status === 'pending') throw noProof('bankid-pending');

  // An open link its party has opened before changes nothing: no transaction on the recipient's hottest call.
  const isFirstOpening = Boolean(link.partyId && !found.party?.openedAt);
  const proof =
    gate === 'none' && !isFirstOpening
      ? { userData: [] }
      : await deps.db.transaction(async (tx): Promise<Proof> => {
          const proved = await proveGate(tx, gate, { linkId: link.id, request, order });
          if (link.partyId) await markPartyOpened(tx, { documentId: document.id, partyId: link.partyId, gate });
          return proved;
        });

  const fieldAccessKeys = fieldAccessKeysOfSnapshot(found);
  const signing = signingStateOfSnapshot(found);
  const token = await signLinkAccessToken(deps.secret, {
    linkId: link.id,
    gate,
    ...(proof.verifiedValue ? { verifiedValue: proof.verifiedValue } : {}),
  });
  return linkAccessResponse({
    token,
    document,
    files: found.files,
    withRules: Boolean(request.rules),
    userData: [...fieldAccessKeys.map((key) => ({ Type: 'fieldAccessKey' as const, Value: key })), ...proof.userData],
    signing,
    personalMessage: found.party?.message,
  });
}

function missingProof(): never {
  throw noProof('no-proof');
}

/** Uses the gate's proof in the access's transaction, so a failed access leaves it for the retry. */
async function proveGate(
  tx: Transaction,
  gate: LinkGate,
  input: {
    linkId: string;
    request: z.infer<typeof ZLinkAccessRequest>;
    order: Awaited<ReturnType<typeof settledBankIdOrder>> | undefined;
  },
): Promise<Proof> {
  if (gate === 'none') return { userData: [] };
  if (gate === 'bankid') {
    const order = input.order ?? missingProof();
    const identity = confirmedIdentity(order);
    if (!(await markOrderConsumed(tx, order.id))) throw noProof('proof-used');
    await insertLinkVerification(tx, {
      id: newId('lvr'),
      linkId: input.linkId,
      signatureIndex: null,
      kind: 'bankid-person',
      value: { personalNumber: identity.personalNumber.digits, ...identity.user },
      bankIdOrderId: order.id,
    });
    const value = identity.user.PersonalNumber;
    return { verifiedValue: value, userData: [{ Type: 'bankIdPerson', Value: value }] };
  }
  const key = gate === 'sms' ? input.request.SmsClientAccessKey : input.request.EmailClientAccessKey;
  const used = await useGateProof(tx, {
    linkId: input.linkId,
    codeToken: key ?? missingProof(),
    channel: gate,
    withinMinutes: limits.otpValidityMinutes,
  });
  if (!used) throw noProof('no-proof');
  return {
    verifiedValue: used.destination,
    userData: [{ Type: gate === 'sms' ? 'phoneNumber' : 'emailAddress', Value: used.destination }],
  };
}
