import { z } from 'zod';

/** Ours: long enough for a paragraph of terms, short enough for a dialog (SPEC section 4, consent message). */
export const consentMessageMaxLength = 4000;
/** Ours: a header logo (48 px high, SPEC section 9) needs no more. */
export const logoMaxBytes = 256 * 1024;
export const logoContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * `GET|PUT linktinker/app/account/recipientpage` (issue 8, parts 2 and 11; the path is ours): what the account's
 * recipients see before and around its documents. The consent message must be accepted before the gate; the privacy
 * link opens in the privacy dialog; the logo (`PUT|DELETE linktinker/app/account/logo`) heads the page.
 */
export const ZRecipientPageSettings = z
  .object({
    ConsentMessage: z.string().nullable(),
    PrivacyUrl: z.string().nullable(),
    HasLogo: z.boolean(),
  })
  .meta({ id: 'RecipientPageSettings' });
export type RecipientPageSettings = z.infer<typeof ZRecipientPageSettings>;

/** Empty text clears a setting. The privacy page must be https: it is framed in the recipient's page. */
export const ZUpdateRecipientPageSettings = z.object({
  ConsentMessage: z.string().trim().max(consentMessageMaxLength).nullable(),
  PrivacyUrl: z.union([z.literal(''), z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(500)]).nullable(),
});
export type UpdateRecipientPageSettings = z.infer<typeof ZUpdateRecipientPageSettings>;
