/**
 * Whether bytes are a PDF, judged by the header rather than the file name or the declared content
 * type (SPEC section 5: "only PDF"). ISO 32000 allows up to 1024 bytes of junk before `%PDF-`, and
 * real files from some generators have it, so the header is searched for, not expected at 0.
 */
const headerSearchBytes = 1024;
const magic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

function findHeader(bytes: Uint8Array): number {
  const end = Math.min(bytes.length - magic.length - 2, headerSearchBytes);
  outer: for (let offset = 0; offset <= end; offset++) {
    for (let i = 0; i < magic.length; i++) if (bytes[offset + i] !== magic[i]) continue outer;
    return offset;
  }
  return -1;
}

/** The PDF version from the header ("1.7", "2.0"), or null when the bytes are not a PDF. */
export function detectPdfVersion(bytes: Uint8Array): string | null {
  const offset = findHeader(bytes);
  if (offset < 0) return null;
  const start = offset + magic.length;
  const version = String.fromCharCode(...bytes.subarray(start, start + 3));
  return /^[12]\.\d$/.test(version) ? version : null;
}

export function isPdf(bytes: Uint8Array): boolean {
  return detectPdfVersion(bytes) !== null;
}
