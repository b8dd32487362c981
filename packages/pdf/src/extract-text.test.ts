import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPageTexts } from './extract-text.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/pdfs');
const read = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));

describe('extracting each page’s text', () => {
  it('gives every page its own text, numbered from 1, ligatures unfolded', async () => {
    const pages = await extractPageTexts(read('multicolumn.pdf'));
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(pages[2]?.text).toContain('Austria 8.9 83,879 Vienna German');
    expect(pages[0]?.text).not.toContain('Vienna');
    const [crazy] = await extractPageTexts(read('crazyones-pdfa.pdf'));
    expect(crazy?.text).toContain('The misfits.');
  });
});
