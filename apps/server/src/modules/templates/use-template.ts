import type { InvitationMethod } from '@signlink/contracts/documents/document-model';
import type { ProjectIdResponse, TemplateRoleFill, UseTemplateRequest } from '@signlink/contracts/templates/templates';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { allowedAccessLevel } from '../billing/plan-rules.ts';
import { authorize, type PolicyActor } from '../document-core/account.policy.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { copyDocument, partyValuesOf } from '../documents/copy-document.ts';
import { type DocumentPartyRow, findDocumentDefaults, listParties } from '../documents/drafts.repository.ts';
import { assertCanUseTemplates, findTemplateForActor } from './template-access.ts';
import { isFixedRole } from './template-roles.ts';

export interface UseTemplateDeps {
  db: Database;
  storage: Storage;
}

export interface UseTemplateInput {
  actor: PolicyActor;
  templateId: string;
  request: UseTemplateRequest;
}

const isBlank = (fill: TemplateRoleFill) => !fill.Name && !fill.Email && !fill.Phone;
const isFilled = (fill: TemplateRoleFill) => Boolean(fill.Name && (fill.Email || fill.Phone));

/** The fill's own method, else the template's when the fill can be reached by it, else the one its contact allows. */
function invitationMethodOf(fill: TemplateRoleFill, slot: DocumentPartyRow): InvitationMethod {
  if (fill.InvitationMethod) return fill.InvitationMethod;
  if (fill.Email && fill.Phone) return slot.invitationMethod;
  if (fill.Email) return 'email';
  return slot.invitationMethod === 'whatsapp' ? 'whatsapp' : 'sms';
}

/**
 * `POST templates/{id}` (issue 24, part 1), also what a bulk send calls per row: a new draft of the caller's (kind
 * document, `templateId` set) with the template's files, fields, settings and message, each role filled with the
 * person the request names. A role the template does not fix, left empty or half filled, is TEMPLATE_ROLE_EMPTY
 * naming every such slot, and nothing is made. Sending it is the sender's (documents.create): contributors make
 * and edit templates but use none.
 */
export async function useTemplate(deps: UseTemplateDeps, input: UseTemplateInput): Promise<ProjectIdResponse> {
  const { actor, templateId, request } = input;
  authorize(actor, 'documents.create', { accountId: actor.accountId });
  const template = await findTemplateForActor(deps.db, { actor, templateId, action: 'document.view' });
  await assertCanUseTemplates(deps.db, template.accountId);

  const slots = await listParties(deps.db, template.id);
  const fills = new Map(request.Parties.map((fill) => [fill.SignatureIndex, fill]));
  const slotIndexes = new Set(slots.map((slot) => slot.signatureIndex));
  if (fills.size !== request.Parties.length || [...fills.keys()].some((index) => !slotIndexes.has(index))) {
    throw new AppError('VALIDATION_FAILED', { details: { reason: 'unknown-role' } });
  }
  const empty = slots
    .filter((slot) => {
      const fill = fills.get(slot.signatureIndex);
      if (fill && !isBlank(fill)) return !isFilled(fill);
      return !isFixedRole(slot);
    })
    .map((slot) => slot.signatureIndex);
  if (empty.length > 0) throw new AppError('TEMPLATE_ROLE_EMPTY', { details: { signatureIndexes: empty } });

  const defaults = await findDocumentDefaults(deps.db, actor);
  if (!defaults) throw new AppError('NOT_FOUND');
  const { documentId } = await copyDocument(deps, {
    source: template,
    document: {
      ownerUserId: actor.userId,
      title: request.Title ?? template.title,
      state: 'draft',
      kind: 'document',
      templateId: template.id,
      accessLevel: await allowedAccessLevel(deps.db, actor.accountId, defaults.accessLevel),
    },
    party: (slot) => {
      const fill = fills.get(slot.signatureIndex);
      const values = partyValuesOf(slot);
      if (!fill || isBlank(fill)) return values;
      return {
        ...values,
        name: fill.Name,
        email: fill.Email || null,
        phone: fill.Phone || null,
        invitationMethod: invitationMethodOf(fill, slot),
      };
    },
    inTransaction: async (tx, copy) => {
      // Checked again in the transaction: the template may have been deleted or unshared meanwhile.
      await findTemplateForActor(tx, { actor, templateId, action: 'document.view' });
      await appendDocumentEvent(tx, {
        documentId: copy.documentId,
        type: 'created',
        data: { templateId: template.id, templateName: template.title, userId: actor.userId },
      });
    },
  });
  return { ProjectId: documentId };
}
