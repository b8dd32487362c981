import type {
  ProjectIdResponse,
  TemplateDetail,
  TemplateSummary,
  TemplatesResponse,
  UpdateTemplateRequest,
} from '@signlink/contracts/templates/templates';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { assertCanShareWithinAccount, canUseTemplates } from '../billing/plan-rules.ts';
import { authorize, type PolicyActor } from '../document-core/account.policy.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { listPartiesOf } from '../documents/documents.repository.ts';
import { findDocumentById, listFiles, listParties } from '../documents/drafts.repository.ts';
import { assertCanUseTemplates, assertTemplateOwner, findTemplateForActor } from './template-access.ts';
import { presentTemplate, presentTemplateDetail } from './templates.presenter.ts';
import {
  countPagesOf,
  findOwnerName,
  listVisibleTemplates,
  updatePartyOfDocument,
  updateTemplateRow,
} from './templates.repository.ts';

export interface TemplatesDeps {
  db: Database;
  storage: Storage;
}

/** `GET linktinker/templates`: the caller's and the account's shared templates, for those who make them. */
export async function listTemplates(db: Database, actor: PolicyActor): Promise<TemplatesResponse> {
  authorize(actor, 'templates.create', { accountId: actor.accountId });
  const rows = await listVisibleTemplates(db, actor);
  const ids = rows.map((row) => row.document.id);
  const [parties, pages, allowed] = await Promise.all([
    listPartiesOf(db, ids),
    countPagesOf(db, ids),
    canUseTemplates(db, actor.accountId),
  ]);
  return {
    Templates: rows.map((row) =>
      presentTemplate(
        {
          document: row.document,
          ownerName: row.ownerName ?? '',
          parties: parties.filter((party) => party.documentId === row.document.id),
          pageCount: pages.get(row.document.id) ?? 0,
        },
        actor,
      ),
    ),
    CanUseTemplates: allowed,
  };
}

/** One template as the list shows it, read in the caller's transaction or after it. */
export async function loadTemplateSummary(
  db: Database | Transaction,
  actor: PolicyActor,
  templateId: string,
): Promise<TemplateSummary> {
  const document = await findDocumentById(db, templateId);
  if (!document) throw new AppError('NOT_FOUND');
  const parties = await listParties(db, templateId);
  const pages = await countPagesOf(db, [templateId]);
  const ownerName = await findOwnerName(db, document.ownerUserId);
  return presentTemplate({ document, ownerName, parties, pageCount: pages.get(templateId) ?? 0 }, actor);
}

export async function findTemplate(db: Database, actor: PolicyActor, templateId: string): Promise<TemplateDetail> {
  const document = await findTemplateForActor(db, { actor, templateId, action: 'document.view' });
  const [parties, files, ownerName] = await Promise.all([
    listParties(db, templateId),
    listFiles(db, templateId),
    findOwnerName(db, document.ownerUserId),
  ]);
  return presentTemplateDetail({ document, ownerName, parties, files }, actor);
}

/**
 * `PUT templates/{id}`: its maker renames it, shares or unshares it (sharing needs a plan, as drafts do) and names
 * its roles, in one transaction; an access level change is a history event, as a document's is.
 */
export async function updateTemplate(
  db: Database,
  actor: PolicyActor,
  templateId: string,
  request: UpdateTemplateRequest,
): Promise<TemplateSummary> {
  return db.transaction(async (tx) => {
    const template = await findTemplateForActor(tx, { actor, templateId, action: 'document.manage', forUpdate: true });
    assertTemplateOwner(actor, template);
    const accessLevelChanges = request.AccessLevel !== undefined && request.AccessLevel !== template.accessLevel;
    if (accessLevelChanges && request.AccessLevel === 'shared')
      await assertCanShareWithinAccount(tx, template.accountId);
    if (request.Roles) {
      const slots = new Set((await listParties(tx, templateId)).map((party) => party.signatureIndex));
      const named = request.Roles.map((role) => role.SignatureIndex);
      if (new Set(named).size !== named.length || named.some((index) => !slots.has(index))) {
        throw new AppError('VALIDATION_FAILED', { details: { reason: 'unknown-role' } });
      }
      for (const role of request.Roles) {
        await updatePartyOfDocument(
          tx,
          { documentId: templateId, signatureIndex: role.SignatureIndex },
          { role: role.Role },
        );
      }
    }
    await updateTemplateRow(tx, templateId, {
      ...(request.Name ? { title: request.Name } : {}),
      ...(request.AccessLevel ? { accessLevel: request.AccessLevel } : {}),
    });
    if (accessLevelChanges) {
      await appendDocumentEvent(tx, {
        documentId: templateId,
        type: 'access-level-changed',
        data: { accessLevel: request.AccessLevel, previousAccessLevel: template.accessLevel, userId: actor.userId },
      });
    }
    return loadTemplateSummary(tx, actor, templateId);
  });
}

/**
 * `DELETE templates/{id}`: gone from the list (deleted, with its history event). Its files stay: drafts and public
 * links made from it are copies with bytes of their own, and `templateId` still names where they came from.
 */
export async function deleteTemplate(db: Database, actor: PolicyActor, templateId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const template = await findTemplateForActor(tx, { actor, templateId, action: 'document.manage', forUpdate: true });
    assertTemplateOwner(actor, template);
    await updateTemplateRow(tx, templateId, { deletedAt: new Date() });
    await appendDocumentEvent(tx, {
      documentId: templateId,
      type: 'deleted',
      data: { reason: 'template-deleted', userId: actor.userId },
    });
  });
}

/** `POST templates/{id}/edit`: the template's own document, which the field editor opens as it opens a draft. */
export async function editTemplate(db: Database, actor: PolicyActor, templateId: string): Promise<ProjectIdResponse> {
  const template = await findTemplateForActor(db, { actor, templateId, action: 'document.manage' });
  await assertCanUseTemplates(db, template.accountId);
  return { ProjectId: template.id };
}
