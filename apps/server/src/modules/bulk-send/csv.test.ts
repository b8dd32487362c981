import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv.ts';

describe('parseCsv (RFC 4180)', () => {
  it('splits records on CRLF or LF and fields on commas, ignoring blank lines', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\n\n4,,6\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '', '6'],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    expect(parseCsv('name,note\r\n"Andersson, Anna","said ""hi""\r\nthen left",x\r\n""," "')).toEqual([
      ['name', 'note'],
      ['Andersson, Anna', 'said "hi"\r\nthen left', 'x'],
      ['', ' '],
    ]);
  });

  it("drops Excel's byte-order mark and keeps a last record without a line break", () => {
    expect(parseCsv('\uFEFFTitle,Customer email\nLease,anna@example.com')).toEqual([
      ['Title', 'Customer email'],
      ['Lease', 'anna@example.com'],
    ]);
  });

  it('keeps trailing empty fields', () => {
    expect(parseCsv('a,b,\n1,,')).toEqual([
      ['a', 'b', ''],
      ['1', '', ''],
    ]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(new CsvSyntaxError('unclosed-quote', 2));
    expect(() => parseCsv('a,b\n"x"y,z')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n"x"y,z');
    } catch (error) {
      expect(error).toMatchObject({ reason: 'text-after-quote', line: 2 });
    }
  });
});
