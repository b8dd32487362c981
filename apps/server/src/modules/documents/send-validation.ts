import { findSendProblems } from '@signlink/contracts/documents/send-problems';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { listActiveAddOns } from '../billing/account-add-ons.repository.ts';
import { listDocumentFiles, listDocumentParties } from '../document-core/document-parts.repository.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';

/**
 * A draft's files and parties as sending reads them. Only a draft is priced or sent: a sent document is frozen
 * (issue 6, part 5), so a second send (a double click, a retried call) is refused rather than sending twice.
 */
export async function loadDraftToSend(db: Database | Transaction, document: DocumentRow, options = { lock: false }) {
  if (document.state !== 'draft') {
    throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-a-draft', state: document.state } });
  }
  // A template or a public link's master is only ever copied, never sent itself.
  if (document.kind !== 'document') {
    throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-a-document', kind: document.kind } });
  }
  // In turn: inside a transaction both would share its one connection (node-postgres 9 refuses overlapping queries).
  const files = await listDocumentFiles(db, document.id);
  const parties = await listDocumentParties(db, document.id, options);
  return { files, parties };
}

type DraftToSend = Awaited<ReturnType<typeof loadDraftToSend>> & { document: DocumentRow };

/**
 * SPEC section 5's problems with the draft as saved, by the rules the editor also runs (contracts' send-problems):
 * the quote lists them before sending, and sending refuses while there are any.
 */
export async function findDraftProblems(db: Database | Transaction, input: DraftToSend) {
  const activeAddOns = await listActiveAddOns(db, input.document.accountId);
  return findSendProblems({
    title: input.document.title,
    files: input.files,
    parties: input.parties,
    activeAddOns,
  });
}

/** SPEC section 5, every problem at once in one DOCUMENT_INVALID (`details.problems`, ZSendProblem). */
export async function assertSendable(db: Database | Transaction, input: DraftToSend) {
  const problems = await findDraftProblems(db, input);
  if (problems.length > 0) throw new AppError('DOCUMENT_INVALID', { details: { problems } });
}
