import * as asn1js from 'asn1js';

/**
 * Just enough DER (X.690) to assemble a CMS from parts that are already encoded: a tag, its length, its contents.
 * Encoding certificates and a TSA token again through asn1js's object trees costs milliseconds per seal; copying
 * their bytes costs nothing.
 */
export const tags = {
  integer: 0x02,
  octetString: 0x04,
  sequence: 0x30,
  set: 0x31,
  /** [0] and [1], constructed: CMS's IMPLICIT and EXPLICIT context tags. */
  context0: 0xa0,
  context1: 0xa1,
} as const;

export function tlv(tag: number, ...contents: Uint8Array[]): Buffer {
  const length = contents.reduce((sum, part) => sum + part.byteLength, 0);
  return Buffer.concat([Buffer.from([tag]), lengthOctets(length), ...contents]);
}

function lengthOctets(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return Buffer.from([0x80 | octets.length, ...octets]);
}

export function oid(value: string): Buffer {
  return Buffer.from(new asn1js.ObjectIdentifier({ value }).toBER(false));
}

/** A SET OF's members in DER's order: sorted by their encodings. */
export function inSetOrder(members: Uint8Array[]): Uint8Array[] {
  return [...members].sort((a, b) => Buffer.compare(a, b));
}
