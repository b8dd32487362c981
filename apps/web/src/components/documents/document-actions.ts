import { isOpenStatus } from '@signlink/contracts/documents/document-status';
import type { DocumentSummary } from '../../api/documents-api.ts';

/** What can be done to a sent document from a list row or its overview (SPEC section 4's rules, shown, not enforced). */
export type DocumentAction =
  | 'open'
  | 'remind'
  | 'share'
  | 'handled'
  | 'unhandled'
  | 'archive'
  | 'unarchive'
  | 'withdraw'
  | 'delete'
  | 'duplicate'
  | 'report'
  | 'download-sealed'
  | 'download-audit-trail';

/** Issue 7, part 7: the sealed PDF and its audit trail exist once every party signed and the seal was made. */
const downloads: DocumentAction[] = ['download-sealed', 'download-audit-trail'];

/**
 * The actions worth offering for a document as it stands; the server checks every rule again. Reminders and
 * withdrawal only while parties still act; delete only once nothing is pending (withdrawn, expired, or completed,
 * which then leaves only the owner's lists).
 */
export function availableActions(document: DocumentSummary): DocumentAction[] {
  const actions: DocumentAction[] = ['open', ...(isCompleted(document) ? downloads : [])];
  if (!document.CanManage) return [...actions, 'report'];
  const open = isOpenStatus(document.Status);
  const hasUnsigned = document.Parties.some((party) => !party.Signed);
  if (open && hasUnsigned) actions.push('remind');
  if (open && document.CanShare) actions.push('share');
  actions.push(document.Handled ? 'unhandled' : 'handled');
  actions.push(document.Archived ? 'unarchive' : 'archive');
  actions.push('duplicate', 'report');
  if (open) actions.push('withdraw');
  if (isDeletable(document)) actions.push('delete');
  return actions;
}

export function isCompleted(document: Pick<DocumentSummary, 'Status'>): boolean {
  return document.Status === 'signed' || document.Status === 'signed-and-paid';
}

function isDeletable(document: DocumentSummary): boolean {
  return (
    document.Status === 'withdrawn' ||
    document.Status === 'expired' ||
    document.Status === 'draft' ||
    isCompleted(document)
  );
}
