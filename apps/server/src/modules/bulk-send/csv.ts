/**
 * RFC 4180 CSV, as spreadsheets save it: comma-separated fields, a field in double quotes may hold commas, line
 * breaks and doubled quotes; records end in CRLF or LF; a UTF-8 BOM (Excel's) is dropped. Written here because no
 * maintained CSV parser is among the installed packages, and this is all bulk send needs.
 */
export class CsvSyntaxError extends Error {
  constructor(
    readonly reason: 'unclosed-quote' | 'text-after-quote',
    /** 1-based physical line where it went wrong. */
    readonly line: number,
  ) {
    super(`CSV ${reason} at line ${line}`);
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  let line = 1;
  let index = 0;
  const endField = () => {
    record.push(field);
    field = '';
    isQuoted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (index < input.length) {
    const char = input[index];
    if (char === '"' && field === '' && !isQuoted) {
      isQuoted = true;
      const startLine = line;
      index++;
      for (;;) {
        const inner = input[index];
        if (inner === undefined) throw new CsvSyntaxError('unclosed-quote', startLine);
        if (inner === '"') {
          index++;
          if (input[index] !== '"') break;
        } else if (inner === '\n') {
          line++;
        }
        field += inner;
        index++;
      }
      const next = input[index];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError('text-after-quote', line);
      }
    } else if (char === ',') {
      endField();
      index++;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && input[index + 1] === '\n' ? 2 : 1;
      line++;
    } else {
      field += char;
      index++;
    }
  }
  if (field !== '' || isQuoted || record.length > 0) endRecord();
  // Blank lines (a trailing newline, an empty line between records) are no records.
  return records.filter((fields) => !(fields.length === 1 && fields[0] === ''));
}
