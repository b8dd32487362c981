import { type AddOnId, addOnIds } from '@signlink/contracts/billing/add-ons';
import { channelsOfInvitationMethod, type PlacedField } from '@signlink/contracts/documents/document-model';
import { type SendProblem, sendProblemCodes } from '@signlink/contracts/documents/send-document';
import { findSendProblems } from '@signlink/contracts/documents/send-problems';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/api-error.ts';
import type { DraftParty, EditorState } from './editor-state.ts';

/** Sending's refusal as the editor keeps it: the problems, and the add-ons it found missing then. */
export interface SendRefusal {
  problems: SendProblem[];
  missingAddOns: AddOnId[];
}

const addOnOfTextChannel = { sms: 'sms-invitation', whatsapp: 'whatsapp-invitation' } as const;

/**
 * The editor does not know the account's add-ons; a refusal does: each add-on-required problem names a party, whose
 * text channel then says which add-on is missing.
 */
export function refusalOf(problems: SendProblem[], parties: readonly DraftParty[]): SendRefusal {
  const missing = new Set<AddOnId>();
  for (const problem of problems) {
    if (problem.code !== 'add-on-required') continue;
    const party = parties.find((candidate) => candidate.SignatureIndex === problem.signatureIndex);
    for (const channel of party ? channelsOfInvitationMethod[party.InvitationMethod] : []) {
      if (channel !== 'email') missing.add(addOnOfTextChannel[channel]);
    }
  }
  return { problems, missingAddOns: [...missing] };
}

const isAboutAnotherFile = (problem: SendProblem) => /^Files\[[1-9]\d*\]/.test(problem.path);

/**
 * After the review listed problems (the quote's, or a refused send's), the problems as they stand now: SPEC section
 * 5's pure check re-run on what the editor holds, so a problem goes as soon as it is fixed (and one made since shows
 * too). Before the review, none: the sender is not told off while still placing fields. The editor holds the draft's first file; what the refusal said about
 * another file stays until the next attempt.
 */
export function currentSendProblems(state: EditorState, refusal: SendRefusal | null): SendProblem[] {
  if (!refusal) return [];
  const now = findSendProblems({
    title: state.title,
    files: [{ rules: { fields: state.fields, access: {}, labels: state.labels }, formFields: state.formFields }],
    parties: state.parties.map((party) => ({
      signatureIndex: party.SignatureIndex,
      email: party.Email ?? null,
      phone: party.Phone ?? null,
      invitationMethod: party.InvitationMethod,
      signatureType: party.SignatureType,
      getPaid: party.GetPaid,
      paymentProductId: party.PaymentProductId ?? null,
    })),
    activeAddOns: addOnIds.filter((addOn) => !refusal.missingAddOns.includes(addOn)),
  });
  return [...now, ...refusal.problems.filter(isAboutAnotherFile)];
}

/** The problems a DOCUMENT_INVALID refusal lists in `details.problems` (SPEC section 5), or null for another error. */
export function sendProblemsOf(error: unknown): SendProblem[] | null {
  if (!(error instanceof ApiError) || error.code !== 'DOCUMENT_INVALID') return null;
  const problems = (error.details as { problems?: unknown } | undefined)?.problems;
  if (!Array.isArray(problems)) return [];
  return problems.filter(
    (problem): problem is SendProblem =>
      typeof problem === 'object' &&
      problem !== null &&
      sendProblemCodes.includes((problem as SendProblem).code) &&
      typeof (problem as SendProblem).path === 'string',
  );
}

/** The placed field a problem's path names (`Files[0].Fields[3]`), in the open file's list (the draft's first). */
export function fieldOfProblem(problem: SendProblem, fields: readonly PlacedField[]): PlacedField | undefined {
  const match = /^(?:Files\[(\d+)\]\.)?Fields\[(\d+)\]$/.exec(problem.path);
  if (!match || (match[1] !== undefined && match[1] !== '0')) return undefined;
  return fields[Number(match[2])];
}

export function partyNameOf(t: TFunction, parties: readonly DraftParty[], signatureIndex: number): string {
  const party = parties.find((each) => each.SignatureIndex === signatureIndex);
  // A template's slot has a role ("Customer") and no person yet.
  return party?.Name.trim() || party?.Role?.trim() || t('editor.parties.unnamed', { number: signatureIndex + 1 });
}

/** A problem in the user's language, naming the party it is about. */
export function describeProblem(t: TFunction, problem: SendProblem, parties: readonly DraftParty[]): string {
  const party = problem.signatureIndex === undefined ? '' : partyNameOf(t, parties, problem.signatureIndex);
  return t(`editor.problems.${problem.code}`, { party });
}
