import { isOpenStatus } from '@signlink/contracts/documents/document-status';
import type { Errand } from '../../api/errands-api.ts';

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
export function availableActions(errand: Errand): DocumentAction[] {
  const actions: DocumentAction[] = ['open', ...(isCompleted(errand) ? downloads : [])];
  if (!errand.CanManage) return [...actions, 'report'];
  const open = isOpenStatus(errand.Status);
  const hasUnsigned = errand.Parties.some((party) => !party.Signed);
  if (open && hasUnsigned) actions.push('remind');
  if (open) actions.push('share');
  actions.push(errand.Handled ? 'unhandled' : 'handled');
  actions.push(errand.Archived ? 'unarchive' : 'archive');
  actions.push('duplicate', 'report');
  if (open) actions.push('withdraw');
  if (isDeletable(errand)) actions.push('delete');
  return actions;
}

export function isCompleted(errand: Pick<Errand, 'Status'>): boolean {
  return errand.Status === 'signed' || errand.Status === 'signed-and-paid';
}

function isDeletable(errand: Errand): boolean {
  return (
    errand.Status === 'withdrawn' || errand.Status === 'expired' || errand.Status === 'draft' || isCompleted(errand)
  );
}
