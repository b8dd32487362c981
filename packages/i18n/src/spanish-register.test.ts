import { describe, expect, it } from 'vitest';
import { resources } from './resources.ts';

/**
 * Spanish speaks to the reader as usted throughout, as a service addressing strangers does. These words are tú
 * whatever the sentence: the possessives and pronouns, present forms that are tú only, enclitic imperatives, and the
 * future and preterite second person (podrás, cancelaste). Third-person forms ("el remitente revisa") are usted's too
 * and are not listed.
 */
const tuWords = new RegExp(
  `(?<![\\p{L}])(${[
    'tu',
    'tus',
    'ti',
    'te',
    'contigo',
    'tuyo',
    'tuya',
    'tuyos',
    'tuyas',
    'puedes',
    'tienes',
    'quieres',
    'debes',
    'necesitas',
    'eres',
    'estás',
    'has',
    'hayas',
    'puedas',
    'quieras',
    'inténtalo',
    'identifícate',
    'regístrate',
    'ponte',
    '\\p{L}{2,}(?<!at|det)rás',
    '\\p{L}{3,}aste',
  ].join('|')})(?![\\p{L}])`,
  'giu',
);

function tuFormsOf(node: unknown, path: string): string[] {
  if (typeof node === 'string') return [...node.matchAll(tuWords)].map((match) => `${path}: ${match[0]}`);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => tuFormsOf(value, path ? `${path}.${key}` : key));
}

describe('Spanish texts', () => {
  it('address the reader as usted, never tú', () => {
    expect(tuFormsOf(resources.es, '')).toEqual([]);
  });

  it('would notice tú forms', () => {
    const found = tuFormsOf({ a: 'Introduce tu código. Podrás firmar si quieres.', b: 'Cancelaste. Atrás' }, '');
    expect(found).toEqual(['a: tu', 'a: Podrás', 'a: quieres', 'b: Cancelaste']);
  });
});
