import { describe, expect, it } from 'vitest';
import { parseLinkMarkup, safeHrefOf } from './link-markup.ts';

const linksOf = (text: string) =>
  parseLinkMarkup(text)
    .filter((part) => part.kind === 'link')
    .map((part) => ({ href: part.href, label: part.label }));

/** The text as shown: each link by its label. */
const shownOf = (text: string) =>
  parseLinkMarkup(text)
    .map((part) => (part.kind === 'link' ? part.label : part.text))
    .join('');

describe('parseLinkMarkup', () => {
  it('turns [words](address) and [address words] into links with those words', () => {
    const text = 'Read [our terms](https://example.com/terms) and [https://example.com/privacy the privacy notice].';
    expect(linksOf(text)).toEqual([
      { href: 'https://example.com/terms', label: 'our terms' },
      { href: 'https://example.com/privacy', label: 'the privacy notice' },
    ]);
    expect(shownOf(text)).toBe('Read our terms and the privacy notice.');
  });

  it('shows a bracketed address without words as the address, and links bare addresses too', () => {
    expect(linksOf('[https://example.com/a] or https://example.com/b.')).toEqual([
      { href: 'https://example.com/a', label: 'https://example.com/a' },
      { href: 'https://example.com/b', label: 'https://example.com/b' },
    ]);
  });

  it('links mailto addresses in brackets', () => {
    expect(linksOf('Write to [support](mailto:help@example.com)')).toEqual([
      { href: 'mailto:help@example.com', label: 'support' },
    ]);
  });

  it.each([
    '[click](javascript:alert(1))',
    '[click](JavaScript:alert(1))',
    '[javascript:alert(1) click]',
    '[click]( javascript:alert(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[data:text/html,<script>alert(1)</script> x]',
    '[click](vbscript:msgbox(1))',
    '[click](//evil.example.com)',
  ])('leaves %s as text', (text) => {
    expect(linksOf(text)).toEqual([]);
    expect(shownOf(text)).toBe(text);
  });

  it('keeps ordinary brackets, nested and unbalanced ones, as written', () => {
    for (const text of ['Price [incl. VAT]', 'x ] y [', '[', ']()', '[](https://a.example)', '[a]']) {
      expect(shownOf(text)).toBe(text);
    }
    // The innermost bracket is the link; the outer ones stay text.
    expect(shownOf('[[https://a.example]]x')).toBe('[https://a.example]x');
    expect(linksOf('[[https://a.example]]x')).toEqual([{ href: 'https://a.example', label: 'https://a.example' }]);
    expect(shownOf('[a [b](https://x.example)')).toBe('[a b');
    expect(linksOf('[a [b](https://x.example)')).toEqual([{ href: 'https://x.example', label: 'b' }]);
  });

  it('never lets a link span lines', () => {
    expect(linksOf('[two\nlines](https://example.com)')).toEqual([
      { href: 'https://example.com', label: 'https://example.com' },
    ]);
  });

  it('gets through 100,000 characters of hostile input', () => {
    const inputs = [
      '['.repeat(100_000),
      '[a]('.repeat(25_000),
      `[${'a'.repeat(100_000)}`,
      `[https://${'a'.repeat(100_000)}`,
      '[https://a '.repeat(10_000),
      `${'https://a.example/'.repeat(5_000)}]`,
    ];
    for (const input of inputs) {
      const parts = parseLinkMarkup(input);
      expect(parts.length).toBeGreaterThan(0);
    }
  });
});

describe('safeHrefOf', () => {
  it('allows only http, https and mailto', () => {
    expect(safeHrefOf('https://example.com/x?y=1')).toBe('https://example.com/x?y=1');
    expect(safeHrefOf('HTTP://example.com')).toBe('HTTP://example.com');
    expect(safeHrefOf('mailto:a@example.com')).toBe('mailto:a@example.com');
    for (const bad of ['javascript:alert(1)', ' https://example.com', 'data:text/plain,x', 'ftp://x', 'https://']) {
      expect(safeHrefOf(bad)).toBeNull();
    }
  });
});
