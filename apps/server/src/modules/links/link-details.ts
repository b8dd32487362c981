import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import { type LinkDetails, maskEmailAddress, maskPhoneNumber } from '@signlink/contracts/links/link-details';
import type { Database, DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findPublicLinkAccount, findPublicLinkDetails } from '../public-links/public-link-details.ts';
import { findAccountLogo } from './links.repository.ts';
import { findLinkForRecipient } from './recipient-snapshot.repository.ts';
import { assertLinkUsable, usableLink } from './usable-link.ts';

/**
 * SPEC section 3, Link details: the document's name and the gate the link asks for, and the owner's logo, consent
 * message (base64 text) and privacy link as the account's administrators set them.
 */
export async function findLinkDetails(database: DatabaseHandle, linkId: string): Promise<LinkDetails> {
  const found = await findLinkForRecipient(database, linkId);
  // No party's link: the code may be a public link's, whose page starts a visit (issue 24).
  const publicLink = found ? undefined : await findPublicLinkDetails(database.db, linkId);
  if (publicLink) return publicLink;
  const { link, document, owner, party } = assertLinkUsable(found);
  const settings = settingsWithDefaults(document.settings);
  return {
    Code: link.id,
    PreviewCode: null,
    LinkName: document.title,
    Language: settings.englishLanguage ? 'en-us' : document.language,
    OwnerData: {
      // Served by link, so the page needs nothing but the link to show its owner's logo.
      LogoUrl: owner?.logoStorageKey ? `/v2/linktinker/links/${link.id}/logo` : null,
      ConsentMessage: owner?.consentMessage ? Buffer.from(owner.consentMessage, 'utf8').toString('base64') : null,
      CompanyName: owner?.name ?? '',
      PrivacyUrl: owner?.privacyUrl ?? null,
    },
    RequireBankID: link.requireBankId,
    RequireSMS: link.requireSms,
    RequireEmail: link.requireEmail,
    // Only the gate's own contact is shown masked, so the recipient recognises where the code goes.
    PhoneNumberMasked: link.requireSms && party?.phone ? maskPhoneNumber(party.phone) : null,
    EmailAddressMasked: link.requireEmail && party?.email ? maskEmailAddress(party.email) : null,
    AllowAlternativeDownload: settings.allowDownloading,
  };
}

/** The owner's logo for the recipient page's header, or NOT_FOUND when the account has none. */
export async function findLinkLogo(db: Database, linkId: string) {
  const owner = await findAccountLogo(db, await accountOfLink(db, linkId));
  if (!owner?.key || !owner.contentType) throw new AppError('NOT_FOUND');
  return { key: owner.key, contentType: owner.contentType };
}

/** The account a party's link, or else a public link's code, belongs to. */
async function accountOfLink(db: Database, linkId: string): Promise<string> {
  try {
    return (await usableLink(db, linkId)).document.accountId;
  } catch (error) {
    const accountId =
      error instanceof AppError && error.code === 'INVALID_LINK' ? await findPublicLinkAccount(db, linkId) : undefined;
    if (accountId) return accountId;
    throw error;
  }
}
