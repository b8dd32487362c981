import { z } from 'zod';
import { luhnCheckDigit } from './personal-number.ts';

/*
 * Swedish organisation numbers (organisationsnummer), as Bolagsverket and Skatteverket issue them: ten digits
 * NNNNNN-NNNC, the last one the Luhn check digit of the first nine, as for personal numbers. Legal entities have a
 * third digit of 2 or more, but that is not required here: a sole trader's organisation number is their personal
 * number in its 10-digit form.
 */

const PATTERN = /^(\d{6})-?(\d{4})$/;

/** The 10 digits, or undefined when the input is not 10 digits (with an optional hyphen) or its check digit is wrong. */
export function parseOrgNumber(input: string): string | undefined {
  const match = PATTERN.exec(input.trim());
  if (!match) return undefined;
  const digits = `${match[1]}${match[2]}`;
  if (luhnCheckDigit(digits.slice(0, 9)) !== Number(digits[9])) return undefined;
  return digits;
}

/** `NNNNNN-NNNN`, the form Signlink shows. */
export function formatOrgNumber(digits: string): string {
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/** An organisation number in any accepted form, turned into its 10 digits. */
export const ZOrgNumber = z.string().transform((input, ctx) => {
  const digits = parseOrgNumber(input);
  if (digits === undefined) {
    ctx.addIssue({ code: 'custom', message: 'an organisation number' });
    return z.NEVER;
  }
  return digits;
});
export type OrgNumber = z.infer<typeof ZOrgNumber>;
