import { documentSettingDefaults } from '@signlink/contracts/documents/document-model';
import { type LinkDetails, maskEmailAddress, maskPhoneNumber } from '@signlink/contracts/links/link-details';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { documentParties } from '../../db/schema/documents.ts';
import { usableLink } from './usable-link.ts';

/**
 * SPEC section 3, Link details: the document's name and the gate the link asks for. The recipient issue adds the
 * owner's logo, consent message and privacy link when accounts can set them; until then they are empty.
 */
export async function findLinkDetails(db: Database, linkId: string): Promise<LinkDetails> {
  const { link, document } = await usableLink(db, linkId);
  const [owner] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, document.accountId));
  const [party] = link.partyId
    ? await db
        .select({ email: documentParties.email, phone: documentParties.phone })
        .from(documentParties)
        .where(eq(documentParties.id, link.partyId))
    : [];
  const settings = { ...documentSettingDefaults, ...document.settings };
  return {
    Code: link.id,
    PreviewCode: null,
    LinkName: document.title,
    Language: settings.englishLanguage ? 'en-us' : document.language,
    OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: owner?.name ?? '', PrivacyUrl: null },
    RequireBankID: link.requireBankId,
    RequireSMS: link.requireSms,
    RequireEmail: link.requireEmail,
    // Only the gate's own contact is shown masked, so the recipient recognises where the code goes.
    PhoneNumberMasked: link.requireSms && party?.phone ? maskPhoneNumber(party.phone) : null,
    EmailAddressMasked: link.requireEmail && party?.email ? maskEmailAddress(party.email) : null,
    AllowAlternativeDownload: settings.allowDownloading,
  };
}
