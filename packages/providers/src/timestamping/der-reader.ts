/**
 * A DER (X.690) reader for finding a few values by position in a TSA's answer, without building asn1js's tree
 * of the whole token (its certificates included), which costs a millisecond or more per token. Definite lengths
 * only: a BER answer (indefinite lengths) makes it throw, and callers then read it with asn1js.
 */
export interface DerElement {
  tag: number;
  /** Where the element's tag is. */
  start: number;
  contentStart: number;
  /** Just after the element's last content byte. */
  end: number;
}

export function readDer(bytes: Uint8Array, at = 0, limit = bytes.byteLength): DerElement {
  const tag = bytes[at];
  const first = bytes[at + 1];
  if (tag === undefined || first === undefined || (tag & 0x1f) === 0x1f) throw new Error('not DER');
  let contentStart = at + 2;
  let length = first;
  if (first >= 0x80) {
    const octets = first & 0x7f;
    if (octets === 0 || octets > 4) throw new Error('not a definite DER length');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + (bytes[contentStart++] ?? Number.NaN);
  }
  const end = contentStart + length;
  if (!(end <= limit)) throw new Error('DER length beyond its container');
  return { tag, start: at, contentStart, end };
}

export function derChildren(bytes: Uint8Array, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (let at = parent.contentStart; at < parent.end; ) {
    const child = readDer(bytes, at, parent.end);
    children.push(child);
    at = child.end;
  }
  return children;
}

export const derTags = { integer: 0x02, octetString: 0x04, oid: 0x06, sequence: 0x30, context0: 0xa0 } as const;
