import type { CreateTemplateRequest, TemplateSummary } from '@signlink/contracts/templates/templates';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { authorize, type PolicyActor } from '../document-core/account.policy.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { copyDocument, partyValuesOf } from '../documents/copy-document.ts';
import { type DocumentPartyRow, listFiles, listParties } from '../documents/drafts.repository.ts';
import { assertCanUseTemplates } from './template-access.ts';
import { roleNameOf } from './template-roles.ts';
import { updatePartyOfDocument, updateTemplateRow } from './templates.repository.ts';
import { loadTemplateSummary, type TemplatesDeps } from './templates.service.ts';

const noContacts = { name: '', email: null, phone: null } as const;

/**
 * `POST linktinker/templates` (issue 24, part 1): a template from a draft or a sent document the caller may see.
 * The source is copied as a private template: its parties become roles (roleNameOf), their contact details left
 * out unless `KeepContacts`. A draft the caller uploaded for the template (`FromUpload`: their own, unsent, of kind
 * document) becomes the template itself. Either way the template's `created` event is written with it.
 */
export async function createTemplate(
  deps: TemplatesDeps,
  actor: PolicyActor,
  request: CreateTemplateRequest,
): Promise<TemplateSummary> {
  authorize(actor, 'templates.create', { accountId: actor.accountId });
  await assertCanUseTemplates(deps.db, actor.accountId);
  const source = await findDocumentForActor(deps.db, {
    actor,
    documentId: request.SourceDocumentId,
    action: 'document.view',
  });
  if (source.kind !== 'document') {
    throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-a-document', kind: source.kind } });
  }
  const labels = (await listFiles(deps.db, source.id)).map((file) => file.rules.labels);
  const roleOf = (party: DocumentPartyRow) => roleNameOf(party, { labels, language: source.language });
  const contacts = request.KeepContacts ? {} : noContacts;
  const event = (tx: Transaction, documentId: string, data: Record<string, unknown>) =>
    appendDocumentEvent(tx, {
      documentId,
      type: 'created',
      data: { kind: 'template', title: request.Name, userId: actor.userId, ...data },
    });

  if (request.FromUpload) {
    if (source.ownerUserId !== actor.userId || source.state !== 'draft') {
      throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-an-own-draft' } });
    }
    await deps.db.transaction(async (tx) => {
      // The maker's own upload, even a contributor's, whose role may not manage a document to send.
      const draft = await findDocumentForActor(tx, {
        actor,
        documentId: source.id,
        action: 'document.view',
        forUpdate: true,
      });
      if (draft.ownerUserId !== actor.userId || draft.state !== 'draft' || draft.kind !== 'document') {
        throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-an-own-draft' } });
      }
      for (const party of await listParties(tx, draft.id)) {
        await updatePartyOfDocument(
          tx,
          { documentId: draft.id, signatureIndex: party.signatureIndex },
          { role: roleOf(party), ...contacts },
        );
      }
      await updateTemplateRow(tx, draft.id, { kind: 'template', title: request.Name });
      await event(tx, draft.id, { fromUpload: true });
    });
    return loadTemplateSummary(deps.db, actor, source.id);
  }

  const { documentId } = await copyDocument(deps, {
    source,
    document: {
      ownerUserId: actor.userId,
      title: request.Name,
      state: 'draft',
      kind: 'template',
      // Shared by its maker when they choose to (PUT templates/{id}), as a new draft starts as its owner's.
      accessLevel: 'private',
    },
    party: (party) => ({ ...partyValuesOf(party), role: roleOf(party), ...contacts }),
    inTransaction: async (tx, copy) => {
      // Checked again in the transaction: the source may have been deleted meanwhile.
      await findDocumentForActor(tx, { actor, documentId: source.id, action: 'document.view' });
      await event(tx, copy.documentId, { fromDocumentId: source.id, fromTitle: source.title });
    },
  });
  return loadTemplateSummary(deps.db, actor, documentId);
}
