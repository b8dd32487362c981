import { signatureFees, textMessageFees } from '../billing/price-list.ts';
import type { Currency } from '../constants.ts';
import { channelsOfInvitationMethod, type InvitationMethod, type SignatureType } from './document-model.ts';
import { type CostLineKind, costLineKinds } from './send-document.ts';

/** What pricing needs of a party: how it signs and how it is invited. */
export interface PricedParty {
  signatureType: SignatureType;
  invitationMethod: InvitationMethod;
}

export interface CostLine {
  kind: CostLineKind;
  quantity: number;
  unitMinor: number;
  amountMinor: number;
}

export interface DocumentCost {
  currency: Currency;
  /**
   * One line per kind, in the order of `CostLineKind`'s list; kinds with no quantity are left out. Signatures the
   * plan covers are one `plan-signature` line at zero, so the lines add up to what the balance pays.
   */
  lines: CostLine[];
  /** What the balance pays. */
  totalMinor: number;
  /** Each party's share, in the order given: what sending reserves for it (and withdrawal returns). */
  partyMinor: number[];
  /** Whether each party's signature is drawn from the plan (the rest of its share, texts, from the balance). */
  partyFromPlan: boolean[];
  planSignatures: number;
}

/** The fee of one invitation text on a channel; e-mail is free (price list, SPEC section 9). */
export function textFeeOf(channel: 'email' | 'sms' | 'whatsapp', currency: Currency): number {
  return channel === 'email' ? 0 : textMessageFees[channel][currency];
}

/**
 * One signature fee per party by its signature type, plus one text fee per text channel of its invitation method
 * (SMS, WhatsApp; e-mail is free). SPEC section 9: a price plan's signatures are drawn before the balance, so the
 * first `planSignaturesLeft` parties' signatures cost nothing here. Pure, so a quote shows what sending reserves.
 */
export function priceDocument(
  parties: readonly PricedParty[],
  currency: Currency,
  planSignaturesLeft = 0,
): DocumentCost {
  const byKind = new Map<CostLineKind, { quantity: number; unitMinor: number }>();
  const add = (kind: CostLineKind, unitMinor: number) => {
    const line = byKind.get(kind) ?? { quantity: 0, unitMinor };
    line.quantity += 1;
    byKind.set(kind, line);
  };
  const partyFromPlan = parties.map((_, index) => index < planSignaturesLeft);
  const partyMinor = parties.map((party, index) => {
    const fromPlan = partyFromPlan[index] === true;
    const signatureMinor = fromPlan ? 0 : signatureFees[party.signatureType][currency];
    add(fromPlan ? 'plan-signature' : `signature-${party.signatureType}`, signatureMinor);
    let textMinor = 0;
    for (const channel of channelsOfInvitationMethod[party.invitationMethod]) {
      if (channel === 'email') continue;
      add(`${channel}-message`, textFeeOf(channel, currency));
      textMinor += textFeeOf(channel, currency);
    }
    return signatureMinor + textMinor;
  });
  const lines = costLineKinds.flatMap((kind) => {
    const line = byKind.get(kind);
    return line ? [{ kind, ...line, amountMinor: line.quantity * line.unitMinor }] : [];
  });
  return {
    currency,
    lines,
    totalMinor: partyMinor.reduce((sum, minor) => sum + minor, 0),
    partyMinor,
    partyFromPlan,
    planSignatures: partyFromPlan.filter(Boolean).length,
  };
}
