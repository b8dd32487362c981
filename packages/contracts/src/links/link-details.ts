import { z } from 'zod';
import { signatureTypes, ZSignatureIndex } from '../documents/document-model.ts';
import { locales } from '../locales.ts';

/** A public link's role as its visitor sees it before starting (issue 24, part 2). */
export const ZPublicLinkVisitRole = z.object({
  SignatureIndex: ZSignatureIndex,
  Role: z.string(),
  SignatureType: z.enum(signatureTypes),
  /** The owner named this person: the visitor does not. Role 0 is the visitor's own. */
  Fixed: z.boolean(),
});
export type PublicLinkVisitRole = z.infer<typeof ZPublicLinkVisitRole>;

/**
 * `GET linktinker/links/{id}` (SPEC section 3, Link details): what a recipient's page loads first, before any gate.
 * It names the document and what the gate asks for, and never more of the party's data than the masked contact.
 * An unknown link is INVALID_LINK (404); a withdrawn document's or a replaced link is LINK_RECALLED (410).
 */
export const ZLinkDetails = z
  .object({
    Code: z.string(),
    PreviewCode: z.string().nullable(),
    LinkName: z.string(),
    Language: z.enum(locales),
    OwnerData: z.object({
      LogoUrl: z.string().nullable(),
      /** Base64 text, when the owner has a consent message the recipient must accept first. */
      ConsentMessage: z.string().nullable(),
      CompanyName: z.string(),
      PrivacyUrl: z.string().nullable(),
    }),
    RequireBankID: z.boolean(),
    RequireSMS: z.boolean(),
    RequireEmail: z.boolean(),
    PhoneNumberMasked: z.string().nullable(),
    EmailAddressMasked: z.string().nullable(),
    AllowAlternativeDownload: z.boolean(),
    /**
     * Set only for a public link's code (issue 24): the page shows the visit's start (the roles the visitor names)
     * instead of the gate, which applies to the visit's own link (`POST publiclinks/{id}/visits`).
     */
    PublicLink: z.object({ Roles: z.array(ZPublicLinkVisitRole) }).optional(),
  })
  .meta({ id: 'LinkDetails' });
export type LinkDetails = z.infer<typeof ZLinkDetails>;

/** `+46701234567` → `+46 *** *** 567`: enough to recognise one's own number, not to learn someone else's. */
export function maskPhoneNumber(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return `+${digits.slice(0, 2)} *** *** ${digits.slice(-3)}`;
}

/** `anna.andersson@example.com` → `a***@example.com`. */
export function maskEmailAddress(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
