import type { ProjectIdResponse, UseTemplateRequest } from '@signlink/contracts/templates/templates';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { canUseTemplates } from '../billing/plan-rules.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { copyDocument, partyValuesOf } from '../documents/copy-document.ts';

export interface UseTemplateDeps {
  database: DatabaseHandle;
  storage: Storage;
}

/**
 * A stand-in with the signature of templates' `useTemplate` (modules/templates/use-template.ts, issue 24 part 1,
 * written in parallel): bulk send swaps to it at the merge. A new draft of the caller's from a template they may see,
 * every role filled from the request (one left without a name: TEMPLATE_ROLE_EMPTY, nothing made).
 */
export async function useTemplate(
  deps: UseTemplateDeps,
  input: { actor: Actor; templateId: string; request: UseTemplateRequest },
): Promise<ProjectIdResponse> {
  const { actor, request } = input;
  const { db } = deps.database;
  authorize(actor, 'documents.create', { accountId: actor.accountId });
  const template = await findDocumentForActor(db, { actor, documentId: input.templateId, action: 'document.view' });
  if (template.kind !== 'template') throw new AppError('NOT_FOUND');
  if (!(await canUseTemplates(db, template.accountId))) throw new AppError('TEMPLATES_NEED_PLAN');
  const fills = new Map(request.Parties.map((fill) => [fill.SignatureIndex, fill]));
  const { documentId } = await copyDocument(
    { db, storage: deps.storage },
    {
      source: template,
      document: {
        ownerUserId: actor.userId,
        title: request.Title ?? template.title,
        state: 'draft',
        kind: 'document',
        templateId: template.id,
        accessLevel: 'private',
      },
      party: (party) => {
        const fill = fills.get(party.signatureIndex);
        const name = fill?.Name.trim() || party.name.trim();
        if (!name) {
          throw new AppError('TEMPLATE_ROLE_EMPTY', { details: { signatureIndex: party.signatureIndex } });
        }
        return {
          ...partyValuesOf(party),
          name,
          email: fill?.Email ?? party.email,
          phone: fill?.Phone ?? party.phone,
          invitationMethod: fill?.InvitationMethod ?? party.invitationMethod,
        };
      },
      inTransaction: async (tx, copy) => {
        await appendDocumentEvent(tx, {
          documentId: copy.documentId,
          type: 'created',
          data: { templateId: template.id, templateTitle: template.title, userId: actor.userId },
        });
      },
    },
  );
  return { ProjectId: documentId };
}
