import type { BrandId } from '@signlink/brands/brand-config';
import { roles } from '@signlink/contracts/auth/roles';
import type { BulkSendPreview, BulkSendProgress } from '@signlink/contracts/bulk-send/bulk-send';
import { priceDocument } from '@signlink/contracts/documents/document-cost';
import { isReachable } from '@signlink/contracts/documents/send-problems';
import type { DatabaseHandle, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { readBalance } from '../billing/balance-ledger.ts';
import { canUseTemplates } from '../billing/plan-rules.ts';
import { findPlanSignaturesLeft } from '../billing/plan-signatures.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { listDocumentParties } from '../document-core/document-parts.repository.ts';
import { presentCost } from '../documents/document-cost.ts';
import {
  type BulkSendRow,
  findBulkSend,
  insertBulkSend,
  listRowsOf,
  markBulkSendSending,
} from './bulk-send.repository.ts';
import { type CheckedRow, checkBulkCsv, checkRow, type TemplateParty } from './bulk-send-rows.ts';
import { enqueueBulkSendRow } from './send-bulk-row.job.ts';

/** The template a bulk send uses, as the caller may see it, with its roles; templates need the plan or add-on. */
async function templateForBulkSend(db: DatabaseHandle['db'] | Transaction, actor: Actor, templateId: string) {
  const template = await findDocumentForActor(db, { actor, documentId: templateId, action: 'document.view' });
  if (template.kind !== 'template') throw new AppError('NOT_FOUND');
  if (!(await canUseTemplates(db, template.accountId))) throw new AppError('TEMPLATES_NEED_PLAN');
  return { template, parties: await listDocumentParties(db, template.id) };
}

/** Every valid row's parties priced together, as sending them one by one would draw the plan and the balance. */
async function costOf(
  db: DatabaseHandle['db'] | Transaction,
  accountId: string,
  rows: readonly Pick<CheckedRow, 'parties'>[],
) {
  const balance = await readBalance(db, accountId);
  const planLeft = await findPlanSignaturesLeft(db, accountId, new Date());
  const parties = rows.flatMap((row) => row.parties.filter(isReachable));
  const { Problems: _, ...cost } = presentCost(
    priceDocument(parties, balance.currency, planLeft),
    balance.totalMinor,
    [],
  );
  return cost;
}

/**
 * `POST linktinker/templates/{id}/bulksends`: the CSV checked row by row and the valid rows priced. Only the bulk
 * send and its rows are written (one transaction): nothing is charged and no document made until it is confirmed.
 */
export async function previewBulkSend(
  deps: { database: DatabaseHandle },
  actor: Actor,
  input: { templateId: string; csv: string },
): Promise<BulkSendPreview> {
  authorize(actor, 'documents.send', { accountId: actor.accountId });
  const { db } = deps.database;
  const { template, parties } = await templateForBulkSend(db, actor, input.templateId);
  const rows = checkBulkCsv(input.csv, parties);
  const valid = rows.filter((row) => row.problems.length === 0);
  const cost = await costOf(db, template.accountId, valid);
  const id = newId('bulk');
  await db.transaction((tx) =>
    insertBulkSend(tx, {
      bulkSend: {
        id,
        accountId: actor.accountId,
        userId: actor.userId,
        templateId: template.id,
        rowCount: rows.length,
        invalidCount: rows.length - valid.length,
      },
      rows: rows.map((row) => ({
        id: newId('bsr'),
        bulkSendId: id,
        rowNumber: row.rowNumber,
        values: row.values,
        problems: row.problems,
        status: row.problems.length === 0 ? ('pending' as const) : ('invalid' as const),
      })),
    }),
  );
  return {
    Id: id,
    TemplateId: template.id,
    Rows: rows
      .filter((row) => row.problems.length > 0)
      .map((row) => ({
        Row: row.rowNumber,
        Problems: row.problems.map((problem) => ({
          Code: problem.code,
          ...(problem.column ? { Column: problem.column } : {}),
        })),
      })),
    Valid: valid.length,
    Invalid: rows.length - valid.length,
    Cost: cost,
  };
}

/** The caller's own bulk send, or any of the account's for its administrator; another account's is not found. */
async function bulkSendForActor(db: DatabaseHandle['db'] | Transaction, actor: Actor, id: string, forUpdate = false) {
  const bulkSend = await findBulkSend(db, id, { forUpdate });
  if (!bulkSend || bulkSend.accountId !== actor.accountId) throw new AppError('NOT_FOUND');
  authorize(actor, 'documents.send', { accountId: bulkSend.accountId });
  if (bulkSend.userId !== actor.userId && actor.role !== roles.administrator) throw new AppError('FORBIDDEN');
  return bulkSend;
}

/**
 * `POST linktinker/bulksends/{id}/send`: the balance must cover every valid row now, then the bulk send is sending
 * and one job per valid row is queued in the same transaction. Confirming again answers the progress.
 */
export async function confirmBulkSend(
  deps: { database: DatabaseHandle; queue: JobQueue },
  actor: Actor,
  input: { id: string; brand: BrandId },
): Promise<BulkSendProgress> {
  await deps.database.db.transaction(async (tx) => {
    const bulkSend = await bulkSendForActor(tx, actor, input.id, true);
    if (bulkSend.status !== 'previewed') return;
    const pending = await listRowsOf(tx, bulkSend.id, 'pending');
    if (pending.length === 0) throw new AppError('BULK_SEND_NOTHING_TO_SEND');
    const { parties } = await templateForBulkSend(tx, actor, bulkSend.templateId);
    const cost = await costOf(
      tx,
      bulkSend.accountId,
      pending.map((row) => checkRow(row.values, parties as TemplateParty[])),
    );
    if (!cost.IsCovered) {
      throw new AppError('INSUFFICIENT_BALANCE', {
        details: { requiredMinor: cost.TotalMinor, balanceMinor: cost.BalanceMinor, currency: cost.Currency },
      });
    }
    await markBulkSendSending(tx, bulkSend.id, new Date());
    for (const row of pending) await enqueueBulkSendRow(deps.queue, tx, { rowId: row.id, brand: input.brand });
  });
  return findBulkSendProgress(deps, actor, input.id);
}

/** `GET linktinker/bulksends/{id}`. */
export async function findBulkSendProgress(
  deps: { database: DatabaseHandle },
  actor: Actor,
  id: string,
): Promise<BulkSendProgress> {
  const bulkSend = await bulkSendForActor(deps.database.db, actor, id);
  const failed = await listRowsOf(deps.database.db, bulkSend.id, 'failed');
  return presentProgress(bulkSend, failed);
}

function presentProgress(
  bulkSend: BulkSendRow,
  failed: { rowNumber: number; error: string | null }[],
): BulkSendProgress {
  const valid = bulkSend.rowCount - bulkSend.invalidCount;
  return {
    Id: bulkSend.id,
    TemplateId: bulkSend.templateId,
    Status: bulkSend.status,
    Total: bulkSend.rowCount,
    Invalid: bulkSend.invalidCount,
    Sent: bulkSend.sentCount,
    Failed: bulkSend.failedCount,
    Pending: Math.max(0, valid - bulkSend.sentCount - bulkSend.failedCount),
    Failures: failed.map((row) => ({ Row: row.rowNumber, Code: row.error ?? 'SERVER_ERROR' })),
    Created: bulkSend.createdAt.toISOString(),
    Finished: bulkSend.finishedAt?.toISOString() ?? null,
  };
}
