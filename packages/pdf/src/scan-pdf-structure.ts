import { constants, createInflate, inflateSync } from 'node:zlib';
import { type PdfLimits, PdfRejectedError } from './pdf-limits.ts';

/**
 * A pass over the raw bytes before any PDF library parses them. pdf-lib inflates object streams and
 * cross-reference streams whole while it loads, so a zip bomb hidden in one would exhaust memory before we
 * could look at the document: every stream is found here and inflated at most up to the bound, never whole.
 * The same pass counts indirect objects (including those packed in object streams) against their bound, and the
 * bytes all streams inflate to against the file's budget: 40 streams just under the per-stream bound held a worker
 * for 20 s (issue 20), so the total is bounded too, and the pass stops as soon as the budget is spent.
 */
export interface PdfStructure {
  objectCount: number;
  streamCount: number;
  /** What the file's Flate streams inflate to, together. */
  inflatedBytes: number;
}

const objectHeaderPattern = /(\d{1,10})\s+(\d{1,5})\s+obj\b/g;
/** Stream types pdf-lib decodes on load; every other stream stays raw until someone asks for its contents. */
const decodedOnLoad = new Set(['ObjStm', 'XRef']);

type ScanLimits = Pick<PdfLimits, 'maxObjects' | 'maxStreamBytes' | 'maxInflatedBytes'>;

export async function scanPdfStructure(bytes: Uint8Array, limits: ScanLimits): Promise<PdfStructure> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let objectCount = 0;
  let streamCount = 0;
  let inflatedBytes = 0;
  // The pattern is shared: a scan that awaits an inflate must not lose its place to another scan in the thread.
  const objectHeader = new RegExp(objectHeaderPattern);
  for (let match = objectHeader.exec(text); match; match = objectHeader.exec(text)) {
    if (++objectCount > limits.maxObjects) throw new PdfRejectedError('too-many-objects');
    const dictStart = skipWhitespace(text, match.index + match[0].length);
    if (!text.startsWith('<<', dictStart)) continue;
    const dictEnd = findDictEnd(text, dictStart);
    if (dictEnd < 0) continue;
    const dict = decodeNameEscapes(text.slice(dictStart, dictEnd));
    const afterDict = skipWhitespace(text, dictEnd);
    if (!text.startsWith('stream', afterDict)) continue;
    streamCount++;
    const dataStart = streamDataStart(text, afterDict + 'stream'.length);
    const dataEnd = streamDataEnd(text, dict, dataStart);
    const type = /\/Type\s*\/([^\s/<>[\]()]+)/.exec(dict)?.[1];
    if (type === 'ObjStm') objectCount += Number(/\/N\s+(\d{1,10})/.exec(dict)?.[1] ?? 0);
    if (objectCount > limits.maxObjects) throw new PdfRejectedError('too-many-objects');
    inflatedBytes += await checkStream(
      bytes.subarray(dataStart, dataEnd),
      filtersOf(dict),
      decodedOnLoad.has(type ?? ''),
      {
        maxStreamBytes: limits.maxStreamBytes,
        budgetLeft: limits.maxInflatedBytes - inflatedBytes,
      },
    );
    // Binary stream data may contain anything that looks like an object header: resume after it.
    objectHeader.lastIndex = Math.max(dataEnd, objectHeader.lastIndex);
  }
  return { objectCount, streamCount, inflatedBytes };
}

/** Checks one stream against its bounds; answers what it inflates to (0 when it is not Flate-encoded). */
async function checkStream(
  data: Uint8Array,
  filters: string[],
  isDecodedOnLoad: boolean,
  bounds: { maxStreamBytes: number; budgetLeft: number },
): Promise<number> {
  if (isDecodedOnLoad) {
    // Real generators write these with no filter or FlateDecode alone; any other chain (LZW, run-length, ASCII
    // wrappers) would be inflated by the library before we could bound it.
    const isPlain = filters.length === 0 || (filters.length === 1 && isFlate(filters[0] ?? ''));
    if (!isPlain) throw new PdfRejectedError('stream-too-large', 'object stream with an unusual filter chain');
  }
  if (filters.length === 0 || !isFlate(filters[0] ?? '')) return 0;
  const bound = Math.min(bounds.maxStreamBytes, bounds.budgetLeft);
  const inflated = await inflatedLength(data, bound);
  if (inflated <= bound) return inflated;
  throw new PdfRejectedError(bound < bounds.maxStreamBytes ? 'inflates-too-large' : 'stream-too-large');
}

const isFlate = (name: string) => name === 'FlateDecode' || name === 'Fl';

/** Beyond this a stream is inflated piece by piece and counted, never held whole. */
const wholeInflateBytes = 4 * 1024 * 1024;
// A truncated stream still inflates what it has (sync flush), as PDF readers do.
const inflateOptions = { finishFlush: constants.Z_SYNC_FLUSH };

/**
 * How many bytes the stream inflates to, counting no further than just past `bound`. Most streams are small and
 * inflate at once; a large one is counted in 1 MiB pieces that are dropped as they come, which is four times
 * faster than producing the whole output and holds no more than a piece.
 */
async function inflatedLength(data: Uint8Array, bound: number): Promise<number> {
  const wholeBound = Math.min(bound, wholeInflateBytes);
  try {
    return inflateSync(data, { ...inflateOptions, maxOutputLength: Math.max(1, wholeBound) }).length;
  } catch (error) {
    if (error instanceof RangeError && wholeBound === bound) return bound + 1;
    // Larger than inflating at once allows, or corrupt part way: count what inflates (no decoder gets further).
    return countInflated(data, bound);
  }
}

function countInflated(data: Uint8Array, bound: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ ...inflateOptions, chunkSize: 1024 * 1024 });
    let count = 0;
    const finish = () => resolve(count);
    inflate.on('data', (piece: Buffer) => {
      count += piece.length;
      if (count > bound) inflate.destroy();
    });
    inflate.on('end', finish).on('error', finish).on('close', finish);
    inflate.end(data);
  });
}

function filtersOf(dict: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dict);
  if (!match?.[1]) return [];
  return [...match[1].matchAll(/\/([^\s/<>[\]()]+)/g)].map((name) => name[1] ?? '');
}

/** `/Obj#53tm` is `/ObjStm` (ISO 32000 7.3.5): a name written with escapes must not slip past the checks. */
function decodeNameEscapes(dict: string): string {
  return dict.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function skipWhitespace(text: string, from: number): number {
  let at = from;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x25) {
      // A comment runs to the end of the line.
      while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at++;
    } else if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0) {
      at++;
    } else break;
  }
  return at;
}

/** The offset just after the dictionary's closing `>>`, or -1; literal and hex strings are skipped. */
function findDictEnd(text: string, start: number): number {
  let depth = 0;
  let at = start;
  // A dictionary is small; a runaway one (no closing brackets) is not worth scanning to the end of the file.
  const limit = Math.min(text.length, start + 1_000_000);
  while (at < limit) {
    const char = text[at];
    if (char === '<' && text[at + 1] === '<') {
      depth++;
      at += 2;
    } else if (char === '>' && text[at + 1] === '>') {
      depth--;
      at += 2;
      if (depth === 0) return at;
    } else if (char === '<') {
      const close = text.indexOf('>', at);
      if (close < 0) return -1;
      at = close + 1;
    } else if (char === '(') {
      at = skipLiteralString(text, at);
    } else if (char === '%') {
      at = skipWhitespace(text, at);
    } else at++;
  }
  return -1;
}

function skipLiteralString(text: string, start: number): number {
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return at + 1;
  }
  return text.length;
}

function streamDataStart(text: string, afterKeyword: number): number {
  if (text[afterKeyword] === '\r' && text[afterKeyword + 1] === '\n') return afterKeyword + 2;
  if (text[afterKeyword] === '\n' || text[afterKeyword] === '\r') return afterKeyword + 1;
  return afterKeyword;
}

/** Trusts a direct /Length when `endstream` follows it; otherwise the next `endstream` ends the data. */
function streamDataEnd(text: string, dict: string, dataStart: number): number {
  const length = /\/Length\s+(\d{1,10})(?!\s+\d+\s+R)/.exec(dict)?.[1];
  if (length !== undefined) {
    const end = dataStart + Number(length);
    if (end <= text.length && text.startsWith('endstream', skipWhitespace(text, end))) return end;
  }
  const endKeyword = text.indexOf('endstream', dataStart);
  return endKeyword < 0 ? text.length : endKeyword;
}
