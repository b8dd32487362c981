import type { BrandId } from '@signlink/brands/brand-config';
import {
  type CreatePublicLinkRequest,
  type FixedRole,
  type LinkSettingsResponse,
  type PublicLink,
  publicLinkQrScale,
  publicLinkVisitHours,
  type UpdatePublicLinkRequest,
} from '@signlink/contracts/public-links/public-links';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Config } from '../../config/config.ts';
import type { PublicUrls } from '../../config/public-urls.ts';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newPublicCode } from '../../lib/ids.ts';
import { canUseTemplates } from '../billing/plan-rules.ts';
import { authorize, can, type PolicyActor } from '../document-core/account.policy.ts';
import { policyDocumentOf } from '../document-core/document-access.ts';
import { findLiveDocument } from '../document-core/document-rows.repository.ts';
import { copyDocument, partyValuesOf } from '../documents/copy-document.ts';
import { assertKnownRoles, checkPerson, presentTemplateRoles } from './link-roles.ts';
import {
  countSubmissions,
  findPublicLink,
  insertPublicLink,
  listMasterParties,
  listPublicLinks,
  type PublicLinkRow,
  renameDocumentOf,
  updateMasterParty,
  updatePublicLink,
} from './public-links.repository.ts';

export interface PublicLinksDeps {
  db: Database;
  storage: Storage;
  publicUrls: PublicUrls;
  rateLimits: Config['rateLimits'];
}

/** The address a code opens: the same form as an invitation's link, which the web's entry redirect opens. */
export const publicLinkUrlOf = (publicUrls: PublicUrls, brand: BrandId, code: string) =>
  `${publicUrls.forBrand(brand)}/${encodeURIComponent(code)}`;

/** The lists show links of colleagues whose master is shared to those the policy lets see shared documents. */
function seesShared(actor: PolicyActor) {
  return can(actor, 'document.view', { accountId: actor.accountId, ownerUserId: '', accessLevel: 'shared' });
}

async function presentLink(
  deps: PublicLinksDeps,
  db: Database | Transaction,
  input: { link: PublicLinkRow; submissions?: number; actor: PolicyActor; brand: BrandId },
): Promise<PublicLink> {
  const { link } = input;
  const parties = await listMasterParties(db, link.documentId);
  return {
    Id: link.id,
    Name: link.name,
    TemplateId: (await findLiveDocument(db, { documentId: link.documentId }))?.templateId ?? null,
    DocumentId: link.documentId,
    Status: link.status,
    RequireBankID: link.requireBankId,
    RequireSMS: link.requireSms,
    RequireEmail: link.requireEmail,
    Roles: presentTemplateRoles(parties),
    IsOwner: link.ownerUserId === input.actor.userId,
    Visits: link.visitCount,
    Submissions: input.submissions ?? (await countSubmissions(db, link.id)),
    Url: publicLinkUrlOf(deps.publicUrls, input.brand, link.id),
    Created: link.createdAt.toISOString(),
    Updated: link.updatedAt.toISOString(),
  };
}

/** `GET publiclinks` (own and shared) and `GET links` (own only, the share dialog's choice). */
export async function listLinks(
  deps: PublicLinksDeps,
  actor: PolicyActor,
  input: { brand: BrandId; ownOnly: boolean },
) {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const rows = await listPublicLinks(deps.db, {
    accountId: actor.accountId,
    userId: actor.userId,
    seesShared: seesShared(actor),
    ownOnly: input.ownOnly,
  });
  const PublicLinks: PublicLink[] = [];
  for (const row of rows) {
    PublicLinks.push(await presentLink(deps, deps.db, { ...row, actor, brand: input.brand }));
  }
  return { PublicLinks };
}

export async function findLinkSettings(
  deps: PublicLinksDeps,
  actor: PolicyActor,
  brand: BrandId,
): Promise<LinkSettingsResponse> {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  return {
    BaseUrl: `${deps.publicUrls.forBrand(brand)}/`,
    QrScale: publicLinkQrScale,
    VisitsPerHour: deps.rateLimits.publicLinkVisits.limit,
    VisitHours: publicLinkVisitHours,
    CanUseTemplates: await canUseTemplates(deps.db, actor.accountId),
  };
}

/** The template to publish: a kind 'template' document the caller may read (unknown or another kind: NOT_FOUND). */
async function findTemplate(db: Database, actor: PolicyActor, templateId: string) {
  const template = await findLiveDocument(db, { documentId: templateId });
  if (template?.kind !== 'template') throw new AppError('NOT_FOUND');
  authorize(actor, 'document.view', policyDocumentOf(template));
  return template;
}

/** The fixed roles as the master's party values; a role left out is the visitor's to name (cleared). */
function fixedPeopleOf(fixedRoles: readonly FixedRole[], parties: Awaited<ReturnType<typeof listMasterParties>>) {
  assertKnownRoles(fixedRoles, parties, { allowVisitor: false });
  return new Map(
    fixedRoles.map((role) => [
      role.SignatureIndex,
      { ...checkPerson(role, role.InvitationMethod), invitationMethod: role.InvitationMethod },
    ]),
  );
}

/**
 * `POST linktinker/publiclinks`: the template copied into the link's own master (kind 'public-link', so editing the
 * template later changes no published link), the owner's fixed roles filled on it, and the link row with a fresh
 * code, in the copy's one transaction.
 */
export async function createPublicLink(
  deps: PublicLinksDeps,
  actor: PolicyActor,
  input: { body: CreatePublicLinkRequest; brand: BrandId },
): Promise<PublicLink> {
  authorize(actor, 'publicLinks.create', { accountId: actor.accountId });
  // The template first: another account's is unknown, whatever this account's plan.
  const template = await findTemplate(deps.db, actor, input.body.TemplateId);
  if (!(await canUseTemplates(deps.db, actor.accountId))) throw new AppError('TEMPLATES_NEED_PLAN');
  const fixed = fixedPeopleOf(input.body.FixedRoles ?? [], await listMasterParties(deps.db, template.id));
  const code = newPublicCode();
  const now = new Date();
  await copyDocument(deps, {
    source: template,
    document: {
      kind: 'public-link',
      state: 'draft',
      title: input.body.Name,
      ownerUserId: actor.userId,
      templateId: template.id,
    },
    party: (party) => {
      const person = fixed.get(party.signatureIndex);
      return person ? { ...partyValuesOf(party), ...person } : partyValuesOf(party);
    },
    inTransaction: async (tx, copy) => {
      await insertPublicLink(tx, {
        id: code,
        accountId: actor.accountId,
        ownerUserId: actor.userId,
        documentId: copy.documentId,
        name: input.body.Name,
        requireBankId: input.body.RequireBankID ?? false,
        requireSms: input.body.RequireSMS ?? false,
        requireEmail: input.body.RequireEmail ?? false,
        createdAt: now,
        updatedAt: now,
      });
    },
  });
  const link = await findPublicLink(deps.db, code);
  if (!link) throw new Error('The link was inserted');
  return presentLink(deps, deps.db, { link, submissions: 0, actor, brand: input.brand });
}

/**
 * A link the caller may change: their own (another account's or a deleted one is NOT_FOUND, a colleague's
 * FORBIDDEN), with the role that makes links.
 */
async function findOwnLink(db: Database | Transaction, actor: PolicyActor, id: string, options = { lock: false }) {
  const link = await findPublicLink(db, id, options);
  if (!link || link.deletedAt) throw new AppError('NOT_FOUND');
  authorize(actor, 'publicLinks.create', { accountId: link.accountId });
  if (link.ownerUserId !== actor.userId) throw new AppError('FORBIDDEN', { details: { reason: 'not-the-owner' } });
  return link;
}

/** `PUT publiclinks/{id}`: rename, change the gate, or fix roles anew (every role not listed becomes the visitor's). */
export async function updateLink(
  deps: PublicLinksDeps,
  actor: PolicyActor,
  input: { id: string; body: UpdatePublicLinkRequest; brand: BrandId },
): Promise<PublicLink> {
  const { body } = input;
  const at = new Date();
  const link = await deps.db.transaction(async (tx) => {
    const found = await findOwnLink(tx, actor, input.id, { lock: true });
    if (body.FixedRoles) {
      const parties = await listMasterParties(tx, found.documentId);
      const fixed = fixedPeopleOf(body.FixedRoles, parties);
      for (const party of parties) {
        if (party.signatureIndex === 0) continue;
        const person = fixed.get(party.signatureIndex);
        await updateMasterParty(
          tx,
          party.id,
          person ?? { name: '', email: null, phone: null, invitationMethod: party.invitationMethod },
        );
      }
    }
    if (body.Name) await renameDocumentOf(tx, found.documentId, body.Name, at);
    return updatePublicLink(tx, found.id, {
      ...(body.Name ? { name: body.Name } : {}),
      ...(body.RequireBankID !== undefined ? { requireBankId: body.RequireBankID } : {}),
      ...(body.RequireSMS !== undefined ? { requireSms: body.RequireSMS } : {}),
      ...(body.RequireEmail !== undefined ? { requireEmail: body.RequireEmail } : {}),
      updatedAt: at,
    });
  });
  if (!link) throw new AppError('NOT_FOUND');
  return presentLink(deps, deps.db, { link, actor, brand: input.brand });
}

/** `PUT publiclinks/{id}/disable`: visitors get LINK_RECALLED until it is enabled again; visits made stay. */
export async function disableLink(
  deps: PublicLinksDeps,
  actor: PolicyActor,
  input: { id: string; disabled: boolean; brand: BrandId },
): Promise<PublicLink> {
  const at = new Date();
  const link = await deps.db.transaction(async (tx) => {
    const found = await findOwnLink(tx, actor, input.id, { lock: true });
    return updatePublicLink(tx, found.id, {
      status: input.disabled ? 'disabled' : 'active',
      disabledAt: input.disabled ? (found.disabledAt ?? at) : null,
      updatedAt: at,
    });
  });
  if (!link) throw new AppError('NOT_FOUND');
  return presentLink(deps, deps.db, { link, actor, brand: input.brand });
}

/** `DELETE publiclinks/{id}`: the link leaves every list and answers LINK_RECALLED; its submissions stay. */
export async function deleteLink(deps: PublicLinksDeps, actor: PolicyActor, id: string) {
  const at = new Date();
  await deps.db.transaction(async (tx) => {
    const found = await findOwnLink(tx, actor, id, { lock: true });
    await updatePublicLink(tx, found.id, { deletedAt: at, updatedAt: at });
  });
  return null;
}

/** `POST publiclinks/{id}/edit`: the master the field editor opens (as a template's). */
export async function editLink(deps: PublicLinksDeps, actor: PolicyActor, id: string) {
  const link = await findOwnLink(deps.db, actor, id);
  return { ProjectId: link.documentId };
}
