import { describe, expect, it } from 'vitest';
import { isSameSignerName } from './verified-name.ts';

describe('isSameSignerName', () => {
  it('flags a different person', () => {
    expect(isSameSignerName('Bob Berg', 'Johan Svensson')).toBe(false);
    expect(isSameSignerName('Anna Andersson', 'Anna Svensson')).toBe(false);
  });

  it('accepts the same name in another case, with accents dropped, or with a middle name the sender left out', () => {
    expect(isSameSignerName('Bob Berg', 'BOB BERG')).toBe(true);
    expect(isSameSignerName('Asa Oberg', 'Åsa Öberg')).toBe(true);
    expect(isSameSignerName('Anna Andersson', 'Anna Maria Andersson')).toBe(true);
    expect(isSameSignerName('Karl-Erik Lind', 'Karl Erik Lind')).toBe(true);
  });

  it('has nothing to compare for a party without a name', () => {
    expect(isSameSignerName('  ', 'Johan Svensson')).toBe(true);
  });
});
