import type { VatNumber } from '@signlink/contracts/validation/vat-number';
import type { VatValidator } from '@signlink/providers/vat/vat-validation.port';
import { AppError } from '../../errors.ts';

/**
 * SPEC section 5, "VAT number must match the company data exactly": VIES must know the number, and where
 * the member state shares the holder's name, it must be the name given (letter case and spacing aside).
 */
export async function checkVatNumber(validator: VatValidator | undefined, vat: VatNumber, legalName: string) {
  if (!validator) throw new AppError('VAT_VALIDATION_UNAVAILABLE', { details: { reason: 'not-configured' } });
  let result: Awaited<ReturnType<VatValidator['check']>>;
  try {
    result = await validator.check(vat.countryCode, vat.number);
  } catch (error) {
    throw new AppError('VAT_VALIDATION_UNAVAILABLE', { cause: error });
  }
  if (!result.valid) throw new AppError('VAT_INVALID', { details: { reason: 'not-registered' } });
  if (result.name && comparable(result.name) !== comparable(legalName)) {
    throw new AppError('VAT_INVALID', { details: { reason: 'name-mismatch', registeredName: result.name } });
  }
  return result;
}

function comparable(name: string) {
  return name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en');
}
