import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { formatMinutes, formatPersonalNumber, formatUtcSeconds } from './format-time.ts';
import { parseCssColor } from './ink-paths.ts';
import { fitText, toWinAnsi, wrapText } from './pdf-text.ts';

const font = (await PDFDocument.create()).embedStandardFont(StandardFonts.Helvetica);

describe('toWinAnsi', () => {
  it('keeps Swedish and Spanish letters and punctuation the standard fonts can draw', () => {
    const text = 'Åsa Öberg, Ärlig åäö ÅÄÖ — Señor Ñandú, ¿qué? ¡Sí! é ü € “x”';
    expect(toWinAnsi(text)).toBe(text);
    expect(() => font.encodeText(toWinAnsi(text))).not.toThrow();
  });

  it('composes decomposed letters and replaces what WinAnsi lacks with ?', () => {
    expect(toWinAnsi('A\u030asa O\u0308berg')).toBe('Åsa Öberg');
    expect(toWinAnsi('Łukasz Ωmega 名前 😀')).toBe('?ukasz ?mega ?? ?');
    expect(toWinAnsi('a\tb\nc\u200bd\u0000e')).toBe('a b cde');
  });
});

describe('fitting text', () => {
  it('wraps at spaces and breaks a word only when it alone is too wide', () => {
    const lines = wrapText('Åsa Öberg signed here with a token_that_is_far_too_long_for_the_box', font, 10, 80);
    expect(lines[0]).toBe('Åsa Öberg');
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(80);
    expect(lines.join('')).toContain('token_that_is_far');
  });

  it('shrinks to fit and keeps the largest size that does', () => {
    const short = fitText('Åsa', font, { width: 200, height: 20 }, { maxSize: 11, minSize: 4 });
    expect(short.size).toBe(11);
    const long = fitText(
      'A rather long value typed into a small field'.repeat(3),
      font,
      { width: 100, height: 20 },
      { maxSize: 11, minSize: 4 },
    );
    expect(long.size).toBeLessThan(11);
    expect(long.lines.length * long.lineHeight).toBeLessThanOrEqual(20.01);
  });
});

describe('formats', () => {
  it('prints times in UTC, or at the document offset with it named', () => {
    expect(formatUtcSeconds('2024-05-01T12:34:56.789Z')).toBe('2024-05-01 12:34:56 UTC');
    expect(formatMinutes('2024-05-01T12:34:56Z')).toBe('2024-05-01 12:34 UTC');
    expect(formatMinutes('2024-12-31T23:30:00Z', '+01:00')).toBe('2025-01-01 00:30 UTC+01:00');
    expect(formatMinutes('2024-05-01T12:34:56Z', '+00:00')).toBe('2024-05-01 12:34 UTC');
  });

  it('writes personal numbers as YYYYMMDD-XXXX', () => {
    expect(formatPersonalNumber('199001011234')).toBe('19900101-1234');
    expect(formatPersonalNumber('19900101-1234')).toBe('19900101-1234');
  });

  it('reads the pen colours signature_pad is given', () => {
    expect(parseCssColor('rgb(0, 0, 128)')).toEqual([0, 0, 128 / 255]);
    expect(parseCssColor('#fff')).toEqual([1, 1, 1]);
    expect(parseCssColor('black')).toEqual([0, 0, 0]);
    expect(parseCssColor('hsl(1 2 3)')).toEqual([0, 0, 0]);
  });
});
