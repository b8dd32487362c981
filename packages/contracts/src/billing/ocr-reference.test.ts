import { describe, expect, it } from 'vitest';
import { isValidOcrReference, luhnCheckDigit, ocrReferenceOf } from './ocr-reference.ts';

describe('OCR references', () => {
  it('computes the modulus-10 check digit of known references', () => {
    // 7992739871-3 is the Luhn reference example; 1234567897 a bankgiro sample.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(ocrReferenceOf(123456789)).toBe('1234567897');
    expect(ocrReferenceOf(1001)).toBe('10017');
  });

  it('accepts its own references and refuses a changed or swapped digit', () => {
    for (const number of [1001, 1002, 99999, 4_294_967]) {
      const reference = ocrReferenceOf(number);
      expect(isValidOcrReference(reference)).toBe(true);
      const changed = `${reference.slice(0, -2)}${(Number(reference.at(-2)) + 1) % 10}${reference.at(-1)}`;
      expect(isValidOcrReference(changed)).toBe(false);
    }
    expect(isValidOcrReference('10061')).toBe(false);
    expect(isValidOcrReference('1')).toBe(false);
    expect(isValidOcrReference('12a4')).toBe(false);
  });
});
