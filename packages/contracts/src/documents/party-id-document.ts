import { z } from 'zod';
import { idDocumentTypes } from '../id-scan/id-scan.ts';

/**
 * The identity document a type 5 or 6 signature rests on, as the sender's page and the verify page show it: what the
 * sealed audit trail prints, less the number and the vendor's check.
 */
export const ZPartyIdDocument = z.object({
  DocumentType: z.enum(idDocumentTypes),
  /** ISO 3166-1 alpha-3, as the document's machine-readable zone writes it. */
  IssuingCountry: z.string(),
  NameRead: z.string(),
  /** The scan's own comparison with the invited name (order and diacritics aside); false is shown as a warning. */
  NameMatches: z.boolean(),
});
export type PartyIdDocument = z.infer<typeof ZPartyIdDocument>;
