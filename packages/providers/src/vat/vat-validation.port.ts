/**
 * EU VAT number validation as Signlink uses it: is this VAT number registered, and to whom (SPEC section 5, "VAT
 * number must match the company data exactly. Foreign companies need a VAT number."). The member state that issued
 * the number answers, through the European Commission's VIES; some member states do not share the holder's name and
 * address, so a valid number may come without them.
 */

export interface VatCheckResult {
  /** VIES's prefix, e.g. `SE`, `EL` for Greece, `XI` for Northern Ireland. */
  countryCode: string;
  /** The national part, without the prefix, as VIES echoes it. */
  vatNumber: string;
  /** The number is registered for intra-EU trade now; false covers never issued, ended, and not an EU VAT number. */
  valid: boolean;
  /** The holder's name as the member state registers it; absent when it does not share it, or the number is not valid. */
  name?: string;
  /** The holder's address, lines separated by `\n`; absent as `name` is. */
  address?: string;
  /** When VIES answered (ISO 8601 as VIES writes it); our own clock when VIES gave a verdict without one. */
  requestDate: string;
  /**
   * VIES's consultation number, the proof towards a tax authority that this check was made. Issued only when the
   * request names the requester's own VAT number.
   */
  requestIdentifier?: string;
}

export interface VatValidator {
  /**
   * `countryCode` is VIES's prefix and `vatNumber` the national part, as parseVatNumber splits them. Throws
   * VatValidationError when VIES cannot answer; a number that is not registered is an answer (`valid: false`).
   */
  check(countryCode: string, vatNumber: string): Promise<VatCheckResult>;
}
