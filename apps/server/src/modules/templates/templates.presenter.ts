import type { TemplateDetail, TemplateRole, TemplateSummary } from '@signlink/contracts/templates/templates';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { presentFile } from '../documents/drafts.presenter.ts';
import type { DocumentFileRow, DocumentPartyRow } from '../documents/drafts.repository.ts';
import { roleNameOf } from './template-roles.ts';
import type { TemplateDocumentRow } from './templates.repository.ts';

export interface TemplateParts {
  document: TemplateDocumentRow;
  ownerName: string;
  parties: DocumentPartyRow[];
  pageCount: number;
}

export function presentRole(party: DocumentPartyRow, document: TemplateDocumentRow): TemplateRole {
  return {
    SignatureIndex: party.signatureIndex,
    Role: roleNameOf(party, { labels: [], language: document.language }),
    SignatureType: party.signatureType,
    InvitationMethod: party.invitationMethod,
    Name: party.name,
    Email: party.email,
    Phone: party.phone,
  };
}

export function presentTemplate(parts: TemplateParts, actor: PolicyActor): TemplateSummary {
  const { document } = parts;
  return {
    Id: document.id,
    Name: document.title,
    Language: document.language,
    AccessLevel: document.accessLevel,
    IsOwner: document.ownerUserId === actor.userId,
    OwnerName: parts.ownerName,
    Roles: parts.parties.map((party) => presentRole(party, document)),
    PageCount: parts.pageCount,
    Created: document.createdAt.toISOString(),
    Updated: document.updatedAt.toISOString(),
  };
}

export function presentTemplateDetail(
  parts: Omit<TemplateParts, 'pageCount'> & { files: DocumentFileRow[] },
  actor: PolicyActor,
): TemplateDetail {
  const pageCount = parts.files.reduce((sum, file) => sum + file.pageCount, 0);
  return {
    ...presentTemplate({ ...parts, pageCount }, actor),
    Settings: parts.document.settings,
    Message: parts.document.message ?? '',
    Files: parts.files.map(presentFile),
  };
}
