import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('leaves text without a URL as one piece', () => {
    expect(linkify('Your code is 1234.')).toEqual([{ kind: 'text', start: 0, text: 'Your code is 1234.' }]);
    expect(linkify('')).toEqual([]);
  });

  it('turns every http and https URL into a link, keeping the text around them', () => {
    const text = 'Open http://localhost:3000/ABC12345 or https://signlink.app/x?a=1&b=2 today';
    expect(linkify(text)).toEqual([
      { kind: 'text', start: 0, text: 'Open ' },
      { kind: 'link', start: 5, href: 'http://localhost:3000/ABC12345' },
      { kind: 'text', start: 35, text: ' or ' },
      { kind: 'link', start: 39, href: 'https://signlink.app/x?a=1&b=2' },
      { kind: 'text', start: 69, text: ' today' },
    ]);
  });

  it('keeps closing punctuation and brackets out of the link', () => {
    const parts = linkify('Sign here: https://signlink.app/ABC12345. (See https://signlink.app/help)');
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.href)).toEqual([
      'https://signlink.app/ABC12345',
      'https://signlink.app/help',
    ]);
    expect(parts.at(-1)).toEqual({ kind: 'text', start: 72, text: ')' });
  });

  it('rebuilds the text exactly from its pieces', () => {
    const text = 'a https://x.se/1, b\nhttp://y.se/2!\nc';
    const rebuilt = linkify(text)
      .map((part) => (part.kind === 'link' ? part.href : part.text))
      .join('');
    expect(rebuilt).toBe(text);
  });

  it('links nothing but http(s)', () => {
    expect(linkify('javascript:alert(1) mailto:a@b.se ftp://x.se').every((part) => part.kind === 'text')).toBe(true);
  });
});
