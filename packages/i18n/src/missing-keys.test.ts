import { errorCatalogue } from '@signlink/contracts/errors/error-codes';
import { locales } from '@signlink/contracts/locales';
import { describe, expect, it } from 'vitest';
import { createTranslator } from './create-translator.ts';
import { findMissingKeys } from './missing-keys.ts';
import { resources } from './resources.ts';

describe('translations', () => {
  it('have every key in every language', () => {
    const missing = findMissingKeys(resources);
    expect(missing).toEqual({ 'en-us': [], sv: [], es: [] });
  });

  it('detect a key missing in one language', () => {
    const broken: typeof resources = JSON.parse(JSON.stringify(resources));
    delete (broken.sv.errors as Record<string, unknown>).notFound;
    expect(findMissingKeys(broken).sv).toEqual(['errors:notFound']);
  });

  it('have a message for every error code in every language', () => {
    for (const locale of locales) {
      const t = createTranslator(locale);
      for (const { key } of Object.values(errorCatalogue)) {
        const message = t(`errors:${key}`);
        expect(message, `${locale} errors:${key}`).not.toBe(key);
        expect(message.length).toBeGreaterThan(3);
      }
    }
  });

  it('translate into the requested language', () => {
    expect(createTranslator('sv')('errors:notFound')).not.toBe(createTranslator('en-us')('errors:notFound'));
    expect(createTranslator('es')('errors:notFound')).not.toBe(createTranslator('en-us')('errors:notFound'));
  });
});
