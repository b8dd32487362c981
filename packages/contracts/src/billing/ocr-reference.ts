/**
 * Swedish OCR payment references (bankgiro/plusgiro "OCR-nummer"): digits ending in a check digit by the modulus-10
 * (Luhn) rule, so a bank refuses a mistyped reference. Ours carry the invoice number.
 */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('an OCR reference is made of digits');
  let sum = 0;
  // From the right, every other digit (starting with the rightmost, next to the check digit) is doubled.
  for (let index = 0; index < digits.length; index++) {
    const digit = Number(digits[digits.length - 1 - index]);
    const weighted = index % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10;
}

/** The reference printed on invoice `invoiceNumber`: the number followed by its check digit. */
export function ocrReferenceOf(invoiceNumber: number): string {
  const digits = String(invoiceNumber);
  return `${digits}${luhnCheckDigit(digits)}`;
}

/** Whether a whole reference (check digit last) holds. */
export function isValidOcrReference(reference: string): boolean {
  if (!/^\d{2,25}$/.test(reference)) return false;
  return luhnCheckDigit(reference.slice(0, -1)) === Number(reference.slice(-1));
}
