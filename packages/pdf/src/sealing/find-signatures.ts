/**
 * Finds a PDF's signatures the way a validator must: by each signature dictionary's /ByteRange, read from the raw
 * bytes rather than through a parser, so a file damaged on purpose still shows what it claims to have signed.
 * Every incremental update keeps the earlier ones byte for byte, so each /ByteRange ever written is still present.
 */
export interface FoundSignature {
  /** [start1, length1, start2, length2] as the file states it. */
  byteRange: [number, number, number, number];
  /** The DER of the CMS (the /Contents hex, zero padding and all), or null when the gap holds no hex string. */
  contents: Uint8Array | null;
  /** The signed bytes: both ranges, concatenated; null when the range does not fit the file. */
  signedBytes: Uint8Array | null;
  /** /SubFilter of the dictionary, e.g. ETSI.CAdES.detached or ETSI.RFC3161 (a document timestamp). */
  subFilter: string | null;
}

const byteRangePattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
const subFilterPattern = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/;
// A signature dictionary is small apart from /Contents; its /SubFilter lies within this much of /ByteRange.
const dictionaryWindow = 2048;

export function findSignatures(pdf: Uint8Array): FoundSignature[] {
  // latin1 keeps one character per byte, so string offsets are byte offsets.
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const found: FoundSignature[] = [];
  for (const match of text.matchAll(byteRangePattern)) {
    const byteRange = [1, 2, 3, 4].map((group) => Number(match[group])) as FoundSignature['byteRange'];
    const around = text.slice(Math.max(0, match.index - dictionaryWindow), match.index + dictionaryWindow);
    found.push({
      byteRange,
      ...readRanges(pdf, byteRange),
      subFilter: subFilterPattern.exec(around)?.[1] ?? null,
    });
  }
  return found;
}

function readRanges(pdf: Uint8Array, [start1, length1, start2, length2]: FoundSignature['byteRange']) {
  const fits = start1 === 0 && length1 > 0 && start2 > length1 && start2 + length2 <= pdf.byteLength;
  if (!fits) return { contents: null, signedBytes: null };
  const signedBytes = new Uint8Array(length1 + length2);
  signedBytes.set(pdf.subarray(start1, start1 + length1), 0);
  signedBytes.set(pdf.subarray(start2, start2 + length2), length1);
  return { contents: hexContents(pdf.subarray(length1, start2)), signedBytes };
}

/** The gap between the ranges must be exactly `<hex…>`: anything else means the file was rewritten around it. */
function hexContents(gap: Uint8Array): Uint8Array | null {
  const text = Buffer.from(gap).toString('latin1');
  if (!/^<[0-9A-Fa-f\s]*>$/.test(text)) return null;
  // The zero padding after the DER stays: the DER's own length says where it ends.
  const hex = text.slice(1, -1).replace(/\s+/g, '');
  if (/^0*$/.test(hex)) return null;
  return new Uint8Array(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'));
}

/** Where the signed revision ends: what a signature covers when it covers "everything up to here". */
export function signedRevisionEnd(signature: FoundSignature): number {
  const [, , start2, length2] = signature.byteRange;
  return start2 + length2;
}
