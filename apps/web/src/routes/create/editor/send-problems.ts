import type { PlacedField } from '@signlink/contracts/documents/document-model';
import { type SendProblem, sendProblemCodes } from '@signlink/contracts/documents/send-document';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/api-error.ts';
import type { DraftParty } from './editor-state.ts';

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
  const name = parties.find((party) => party.SignatureIndex === signatureIndex)?.Name.trim();
  return name || t('editor.parties.unnamed', { number: signatureIndex + 1 });
}

/** A problem in the user's language, naming the party it is about. */
export function describeProblem(t: TFunction, problem: SendProblem, parties: readonly DraftParty[]): string {
  const party = problem.signatureIndex === undefined ? '' : partyNameOf(t, parties, problem.signatureIndex);
  return t(`editor.problems.${problem.code}`, { party });
}
