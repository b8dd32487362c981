import { describe, expect, it } from 'vitest';
import { copyPrefixOf, copyWordsOf, nameCopy } from './copy-name.ts';

const english = copyWordsOf('en-us');
const name = (title: string, taken: string[] = [], words = english) =>
  nameCopy({ title, words, takenTitles: new Set(taken) });

describe('the name of a duplicate', () => {
  it('is "Copy of" the name in the document’s language', () => {
    expect(name('Lease')).toBe('Copy of Lease');
    expect(name('Hyresavtal', [], copyWordsOf('sv'))).toBe('Kopia av Hyresavtal');
    expect(name('Contrato', [], copyWordsOf('es'))).toBe('Copia de Contrato');
  });

  it('numbers the next copies, of the original and of a copy alike, never "Copy of Copy of"', () => {
    expect(name('Lease', ['Copy of Lease'])).toBe('Copy of Lease (2)');
    expect(name('Copy of Lease', ['Copy of Lease'])).toBe('Copy of Lease (2)');
    expect(name('Copy of Lease (2)', ['Copy of Lease', 'Copy of Lease (2)'])).toBe('Copy of Lease (3)');
    // A free name earlier in the row is used again.
    expect(name('Copy of Lease (3)', ['Copy of Lease (2)', 'Copy of Lease (3)'])).toBe('Copy of Lease');
    const swedish = copyWordsOf('sv');
    expect(name('Kopia av Hyresavtal', ['Kopia av Hyresavtal'], swedish)).toBe('Kopia av Hyresavtal (2)');
  });

  it('keeps a name that only looks numbered', () => {
    expect(name('Lease (2)')).toBe('Copy of Lease (2)');
  });

  it('stays within the 200 characters of a draft’s name', () => {
    const long = 'x'.repeat(200);
    const first = name(long);
    expect(first).toHaveLength(200);
    expect(first).toMatch(/^Copy of x+…$/);
    expect(name(long, [first])).toMatch(/^Copy of x+… \(2\)$/);
    expect(name(long, [first])).toHaveLength(200);
  });

  it('finds the taken names by what every copy of the name starts with', () => {
    expect(copyPrefixOf('Copy of Lease (4)', english)).toBe('Copy of Lease');
    expect(copyPrefixOf('Contrato', copyWordsOf('es'))).toBe('Copia de Contrato');
  });
});
