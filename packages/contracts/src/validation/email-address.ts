import { z } from 'zod';

const ZEmail = z.email();

export type EmailAddressResult = { isValid: true; address: string } | { isValid: false };

/**
 * A deliverable-looking address, trimmed, with the domain lower-cased (domains are case-insensitive;
 * the local part is not, by RFC 5321, so it is kept). SPEC section 5: "E-mail valid".
 */
export function normalizeEmailAddress(input: string): EmailAddressResult {
  const trimmed = input.trim();
  if (trimmed.length > 254 || !ZEmail.safeParse(trimmed).success) return { isValid: false };
  const at = trimmed.lastIndexOf('@');
  return { isValid: true, address: `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}` };
}
