import type { FormSubmission } from '@signlink/contracts/links/link-forms';
import type { FormSubmissionRow } from './link-forms.repository.ts';

/** A submission as the recipient and the owner see it: the subscribed contacts stay out (they are the submitter's). */
export function presentFormSubmission(row: FormSubmissionRow): FormSubmission {
  return {
    formId: row.id,
    linkId: row.linkId,
    document: row.documentId,
    name: row.name,
    instantJson: row.values,
    layerId: row.layerId,
    documentVersionId: row.documentVersionId,
    isPending: row.isPending,
    isSharing: row.isSharing,
    approvalValue: row.approvalValue,
    isFrozen: row.frozenAt !== null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
