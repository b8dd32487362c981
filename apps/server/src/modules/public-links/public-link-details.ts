import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { LinkDetails } from '@signlink/contracts/links/link-details';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findLiveDocument } from '../document-core/document-rows.repository.ts';
import { presentVisitRoles } from './link-roles.ts';
import { findLinkOwnerData, findPublicLink, listMasterParties } from './public-links.repository.ts';

/**
 * A public link a visitor may start, with its master; a disabled or deleted one is LINK_RECALLED (410) as a
 * withdrawn party link is. Undefined when the code is no public link's.
 */
export async function findOpenPublicLink(db: Database | Transaction, code: string, options = { lock: false }) {
  const link = await findPublicLink(db, code, options);
  if (!link) return undefined;
  if (link.status !== 'active' || link.deletedAt) throw new AppError('LINK_RECALLED');
  const master = await findLiveDocument(db, { documentId: link.documentId });
  if (!master) throw new AppError('LINK_RECALLED');
  return { link, master };
}

/**
 * `GET linktinker/links/{id}` for a public link's code (SPEC section 3, Link details): the owner's data as a party's
 * link shows it, the link's name, no gate (it applies to the visit's own link) and the roles the visitor names.
 * Undefined when the code is no public link's, so the caller answers as for any unknown code.
 */
export async function findPublicLinkDetails(db: Database, code: string): Promise<LinkDetails | undefined> {
  const open = await findOpenPublicLink(db, code);
  if (!open) return undefined;
  const { link, master } = open;
  const [owner, parties] = await Promise.all([findLinkOwnerData(db, link.accountId), listMasterParties(db, master.id)]);
  const settings = settingsWithDefaults(master.settings);
  return {
    Code: link.id,
    PreviewCode: null,
    LinkName: link.name,
    Language: settings.englishLanguage ? 'en-us' : master.language,
    OwnerData: {
      LogoUrl: owner?.logoStorageKey ? `/v2/linktinker/links/${link.id}/logo` : null,
      ConsentMessage: owner?.consentMessage ? Buffer.from(owner.consentMessage, 'utf8').toString('base64') : null,
      CompanyName: owner?.name ?? '',
      PrivacyUrl: owner?.privacyUrl ?? null,
    },
    RequireBankID: false,
    RequireSMS: false,
    RequireEmail: false,
    PhoneNumberMasked: null,
    EmailAddressMasked: null,
    AllowAlternativeDownload: settings.allowDownloading,
    PublicLink: { Roles: presentVisitRoles(parties) },
  };
}

/** The account whose logo a public link's page shows, or undefined when the code is no public link's. */
export async function findPublicLinkAccount(db: Database, code: string): Promise<string | undefined> {
  return (await findOpenPublicLink(db, code))?.link.accountId;
}

/** Whether the code is a public link's (any status): its page counts a visit as a party's link does. */
export async function isPublicLinkCode(db: Database, code: string): Promise<boolean> {
  return (await findPublicLink(db, code)) !== undefined;
}
