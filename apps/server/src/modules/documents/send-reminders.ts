import type { BrandId } from '@signlink/brands/brand-config';
import { limits } from '@signlink/contracts/constants';
import { channelsOfInvitationMethod } from '@signlink/contracts/documents/document-model';
import type { ZSendRemindersResponse } from '@signlink/contracts/documents/documents';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { listActiveAddOns } from '../billing/account-add-ons.repository.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import {
  findActivePartyLink,
  findSender,
  listDocumentParties,
  type PartyRow,
  recordPartyReminder,
  reopenLinkGate,
} from '../document-core/document-parts.repository.ts';
import { assertTextAddOn } from '../messaging/text-add-on.ts';
import { type DocumentMessagingDeps, queuePartyMessages } from './party-messages.ts';

type SendRemindersResponse = z.infer<typeof ZSendRemindersResponse>;

/** DECISIONS: one reminder per party per hour; the limit reads as the least time between two. */
const reminderIntervalMs = (60 / limits.remindersPerPartyPerHour) * 60_000;

type ReminderRefusal = { partyId: string; reason: 'total' | 'hourly'; nextAllowedAt?: string };

function refusalOf(party: PartyRow, now: Date): ReminderRefusal | null {
  if (party.remindersSent >= limits.remindersPerPartyTotal) return { partyId: party.id, reason: 'total' };
  const last = party.lastRemindedAt?.getTime();
  if (last !== undefined && now.getTime() - last < reminderIntervalMs) {
    return { partyId: party.id, reason: 'hourly', nextAllowedAt: new Date(last + reminderIntervalMs).toISOString() };
  }
  return null;
}

/**
 * `POST linktinker/errands/{id}/sendreminders` (SPEC section 4): reminders go only to parties who have not signed,
 * at most one per party per hour and ten in all (DECISIONS); texts need the add-on (SPEC section 5). Without a list,
 * every unsigned party who may be reminded now is, and the call fails only when none may; a listed party who may
 * not fails the call. Each reminder is queued with its `reminder` event in one transaction.
 */
export async function sendRemindersToParties(
  deps: DocumentMessagingDeps,
  actor: Actor,
  input: { documentId: string; brand: BrandId; partyIds?: readonly string[] | undefined; now?: Date },
): Promise<SendRemindersResponse> {
  const now = input.now ?? new Date();
  return deps.database.db.transaction(async (tx) => {
    const document = await findDocumentForActor(tx, {
      actor,
      documentId: input.documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    const parties = await listDocumentParties(tx, document.id, { lock: true });
    // Sign & Pay (issue 25): a sealed document still awaiting payment reminds its unpaid paying parties.
    const owesPayment = (party: PartyRow) => document.state === 'completed' && party.getPaid && !party.paidAt;
    const stillActs = (party: PartyRow) => (document.state === 'active' && !party.signedAt) || owesPayment(party);
    if (document.state !== 'active' && !parties.some(owesPayment)) {
      throw new AppError('DOCUMENT_NOT_OPEN', { details: { state: document.state } });
    }
    const listed = input.partyIds ? [...new Set(input.partyIds)] : null;
    let targets: PartyRow[];
    if (listed) {
      targets = listed.map((partyId) => {
        const party = parties.find((candidate) => candidate.id === partyId);
        if (!party) throw new AppError('NOT_FOUND', { details: { partyId } });
        if (!stillActs(party)) {
          throw new AppError('DOCUMENT_NOT_OPEN', { details: { reason: 'party-signed', partyId } });
        }
        return party;
      });
      const refusals = targets.flatMap((party) => refusalOf(party, now) ?? []);
      if (refusals.length > 0) throw new AppError('REMINDER_LIMIT_REACHED', { details: { parties: refusals } });
    } else {
      const unsigned = parties.filter(stillActs);
      if (unsigned.length === 0) throw new AppError('DOCUMENT_NOT_OPEN', { details: { reason: 'all-signed' } });
      targets = unsigned.filter((party) => !refusalOf(party, now));
      if (targets.length === 0) {
        const refusals = unsigned.flatMap((party) => refusalOf(party, now) ?? []);
        throw new AppError('REMINDER_LIMIT_REACHED', { details: { parties: refusals } });
      }
    }

    const activeAddOns = await listActiveAddOns(tx, document.accountId);
    for (const party of targets) {
      for (const channel of channelsOfInvitationMethod[party.invitationMethod])
        assertTextAddOn({ channel, activeAddOns });
    }
    const sender = await findSender(tx, { userId: actor.userId, accountId: actor.accountId });
    if (!sender) throw new AppError('NOT_FOUND');
    for (const party of targets) {
      const link = await findActivePartyLink(tx, party.id);
      if (!link) throw new AppError('DOCUMENT_NOT_OPEN', { details: { reason: 'no-active-link', partyId: party.id } });
      // Sending the link again opens a gate that wrong codes locked (issue 8, part 3).
      await reopenLinkGate(tx, link.id);
      await queuePartyMessages(deps, tx, {
        kind: 'document-reminder',
        document,
        party,
        linkCode: link.id,
        sender,
        brand: input.brand,
        idempotencyKey: `reminder:${party.id}:${party.remindersSent + 1}`,
      });
      await recordPartyReminder(tx, party.id, now);
      await appendDocumentEvent(tx, {
        documentId: document.id,
        type: 'reminder',
        at: now,
        data: {
          partyId: party.id,
          channels: channelsOfInvitationMethod[party.invitationMethod],
          byUserId: actor.userId,
        },
      });
    }
    return { Reminded: targets.map((party) => party.id) };
  });
}
