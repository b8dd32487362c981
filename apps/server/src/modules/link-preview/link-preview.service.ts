import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { PublicLinkVisitRole } from '@signlink/contracts/links/link-details';
import type { LinkPreviewResponse } from '@signlink/contracts/public-links/link-preview';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { listDocumentFiles, listDocumentParties, type PartyRow } from '../document-core/document-parts.repository.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import { linkAccessResponse } from '../links/link-access-response.ts';
import { signingStateOf } from '../links/signing-state.ts';
import { findOwnerData, findPublicLinkByCode } from './link-preview.repository.ts';
import { isPreviewTokenFor, signPreviewToken } from './link-preview-token.ts';

export interface PreviewDeps {
  db: Database;
  secret: string;
}

type PublicLinkRow = NonNullable<Awaited<ReturnType<typeof findPublicLinkByCode>>>;
interface Previewed {
  document: DocumentRow;
  publicLink: PublicLinkRow | undefined;
}

/**
 * SPEC section 3 "Link preview": the owner sees a template (by its document id) or a public link (by its code) as
 * its recipient would. Only what the caller may view: another account's is NOT_FOUND, a colleague's private one
 * FORBIDDEN; a sent document is no preview (NOT_FOUND). Everything here reads: no history event, no visit, no charge,
 * no link row, so a preview leaves no trace in the document or the balance.
 */
async function findPreviewed(db: Database, actor: Actor, id: string): Promise<Previewed> {
  const publicLink = await findPublicLinkByCode(db, id);
  const document = await findDocumentForActor(db, {
    actor,
    documentId: publicLink?.documentId ?? id,
    action: 'document.view',
  });
  const expectedKind = publicLink ? 'public-link' : 'template';
  if (document.kind !== expectedKind) throw new AppError('NOT_FOUND');
  return { document, publicLink };
}

function rolesOf(parties: PartyRow[]): PublicLinkVisitRole[] {
  return parties.map((party) => ({
    SignatureIndex: party.signatureIndex,
    Role: party.role ?? '',
    SignatureType: party.signatureType,
    // The visitor is role 0; a later role whose person the owner named is not the visitor's to name.
    Fixed: party.signatureIndex > 0 && party.name.trim() !== '',
  }));
}

/** `GET links/{id}/preview`: the link details a recipient would get first, and what is previewed. */
export async function findLinkPreview(deps: PreviewDeps, actor: Actor, id: string): Promise<LinkPreviewResponse> {
  const { document, publicLink } = await findPreviewed(deps.db, actor, id);
  const settings = settingsWithDefaults(document.settings);
  const owner = await findOwnerData(deps.db, document.accountId);
  const roles = rolesOf(await listDocumentParties(deps.db, document.id));
  return {
    Code: publicLink?.id ?? document.id,
    PreviewCode: publicLink?.id ?? document.id,
    LinkName: publicLink?.name ?? document.title,
    Language: settings.englishLanguage ? 'en-us' : document.language,
    OwnerData: {
      // The logo is served by a recipient's link code, which a preview has none of.
      LogoUrl: null,
      ConsentMessage: owner?.consentMessage ? Buffer.from(owner.consentMessage, 'utf8').toString('base64') : null,
      CompanyName: owner?.name ?? '',
      PrivacyUrl: owner?.privacyUrl ?? null,
    },
    RequireBankID: publicLink?.requireBankId ?? false,
    RequireSMS: publicLink?.requireSms ?? false,
    RequireEmail: publicLink?.requireEmail ?? false,
    PhoneNumberMasked: null,
    EmailAddressMasked: null,
    AllowAlternativeDownload: settings.allowDownloading,
    ...(publicLink ? { PublicLink: { Roles: roles } } : {}),
    Kind: publicLink ? 'public-link' : 'template',
    Roles: roles,
  };
}

/**
 * `POST links/{id}/access/preview`: the access a recipient of role `signatureIndex` (default the first, a public
 * link's visitor) would get, built as `links/{id}/access` builds it (signing-state.ts), with a preview token that
 * reads the files and nothing else.
 */
export async function openLinkPreview(
  deps: PreviewDeps,
  actor: Actor,
  input: { id: string; signatureIndex?: number },
): Promise<LinkAccessResponse> {
  const { document } = await findPreviewed(deps.db, actor, input.id);
  const files = await listDocumentFiles(deps.db, document.id);
  const parties = await listDocumentParties(deps.db, document.id);
  const party = parties.find((candidate) => candidate.signatureIndex === (input.signatureIndex ?? 0));
  if (input.signatureIndex !== undefined && !party) throw new AppError('NOT_FOUND');
  const signing = signingStateOf({
    document,
    rules: files.map((file) => file.rules),
    parties,
    signatures: [],
    seal: undefined,
    fieldAccessKeys: party ? [party.accessKey] : [],
  });
  const token = await signPreviewToken(deps.secret, { documentId: document.id, sessionId: actor.sessionId });
  return linkAccessResponse({
    token,
    document,
    files,
    withRules: true,
    userData: party ? [{ Type: 'fieldAccessKey', Value: party.accessKey }] : [],
    // A preview's document is a draft: nothing sealed to download.
    signing: { ...signing, sealedPdfAvailable: false },
    personalMessage: party?.message,
  });
}

/** `POST links/{id}/access/preview/file`: a previewed file's bytes for this session's preview token. */
export async function readLinkPreviewFile(
  deps: PreviewDeps & { storage: Storage },
  actor: Actor,
  input: { id: string; requestToken: string; code: string },
) {
  const { document } = await findPreviewed(deps.db, actor, input.id);
  const isOwn = await isPreviewTokenFor(deps.secret, input.requestToken, {
    documentId: document.id,
    sessionId: actor.sessionId,
  });
  if (!isOwn) throw new AppError('ACCESS_FAILED', { details: { reason: 'bad-preview-token' } });
  const file = (await listDocumentFiles(deps.db, document.id)).find((candidate) => candidate.id === input.code);
  if (!file) throw new AppError('NOT_FOUND');
  return { fileName: file.title, body: await deps.storage.get({ key: file.storageKey }) };
}
