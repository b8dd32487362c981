import {
  decodePDFRawStream,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  PDFXRefStreamParser,
} from '@cantoo/pdf-lib';

/**
 * The incremental updates after a signed revision, read the way a conforming reader follows them (ISO 32000-1,
 * 7.5.6): each revision's objects, its cross-reference section and its trailer, chained by /Prev back to the signed
 * revision's own section. Strict on purpose: whatever is not plainly such an update (stray bytes, objects no
 * cross-reference entry names, an entry pointing anywhere but at an object of its own revision) is answered with
 * null, and the verifier calls the file modified: a reader repairing a damaged file, or following an entry into the
 * signed bytes, could show content that no appended object reveals (the "shadow attacks").
 */
export interface AppendedObject {
  ref: PDFRef;
  /** Where `N G obj` begins; for an object inside an object stream, that stream's object number. */
  offset: number;
  object: PDFObject;
  isInObjectStream: boolean;
}

export interface AppendedRevision {
  /** The document's objects the revision writes, in file order: neither object streams nor its cross-reference stream. */
  objects: AppendedObject[];
  /** The classic trailer's dictionary or the cross-reference stream's. */
  trailer: PDFDict;
  /** The numbers of its cross-reference stream and object streams: containers, not the document's objects. */
  containerNumbers: number[];
}

interface XrefEntry {
  objectNumber: number;
  generation: number;
  offset: number;
  kind: 'in-use' | 'free' | 'compressed';
}

interface ScannedRevision extends AppendedRevision {
  xrefOffset: number;
  entries: XrefEntry[];
  startxref: number;
  /** Object streams and the cross-reference stream, where they begin. */
  containers: AppendedObject[];
}

const keyword = (text: string) => [...text].map((character) => character.charCodeAt(0));
const keywords = {
  obj: keyword('obj'),
  endobj: keyword('endobj'),
  xref: keyword('xref'),
  trailer: keyword('trailer'),
  startxref: keyword('startxref'),
};
const digit = (byte: number) => byte >= 0x30 && byte <= 0x39;

type ByteStream = ConstructorParameters<typeof PDFObjectParser>[0];
// pdf-lib exports its parsers but not the byte stream they read: one from its own factory.
const byteStreamOf = (pdf: Uint8Array) =>
  (PDFObjectParser.forBytes(pdf, PDFContext.create()) as unknown as { bytes: ByteStream }).bytes;

/** The revisions after `signedEnd`, oldest first, or null when the bytes there are not plain incremental updates. */
export function readAppendedRevisions(pdf: Uint8Array, signedEnd: number): AppendedRevision[] | null {
  const previousXref = lastStartxref(pdf.subarray(0, signedEnd));
  if (previousXref === null) return null;
  try {
    const revisions = new RevisionScanner(pdf, signedEnd).scan();
    let prev = previousXref;
    for (const revision of revisions) {
      if (!isConsistent(revision, prev)) return null;
      prev = revision.xrefOffset;
    }
    return revisions;
  } catch {
    // Bytes pdf-lib cannot read as objects, or a value of the wrong type where a number belongs.
    return null;
  }
}

/** The offset the signed revision's `startxref` names: its cross-reference section. */
function lastStartxref(signed: Uint8Array): number | null {
  const tail = Buffer.from(signed.subarray(Math.max(0, signed.byteLength - 1024))).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  return match ? Number(match[1]) : null;
}

/** Its `startxref` names its own section, /Prev the one before, and every entry an object of this revision. */
function isConsistent(revision: ScannedRevision, prev: number): boolean {
  if (revision.startxref !== revision.xrefOffset) return false;
  if (revision.trailer.lookupMaybe(PDFName.of('Prev'), PDFNumber)?.asNumber() !== prev) return false;
  const numbers = revision.entries.map((entry) => entry.objectNumber);
  if (new Set(numbers).size !== numbers.length) return false;
  const written = new Map([...revision.objects, ...revision.containers].map((item) => [placeOf(item), item]));
  const listed = new Set<string>();
  for (const entry of revision.entries) {
    // The head of the free list, which sections repeat; freeing a document object is a change.
    if (entry.kind === 'free') {
      if (entry.objectNumber !== 0) return false;
      continue;
    }
    const place = `${entry.objectNumber}@${entry.kind === 'compressed' ? 'stream' : 'file'}${entry.offset}`;
    const item = written.get(place);
    // An object stream's objects have generation 0; the entry's third field is their index there.
    if (!item || (entry.kind === 'in-use' && item.ref.generationNumber !== entry.generation)) return false;
    listed.add(place);
  }
  // Every object written is listed, but the cross-reference stream, which need not list itself.
  return [...written].every(
    ([place, item]) => listed.has(place) || (!item.isInObjectStream && item.offset === revision.xrefOffset),
  );
}

const placeOf = (item: AppendedObject) =>
  `${item.ref.objectNumber}@${item.isInObjectStream ? 'stream' : 'file'}${item.offset}`;

/** pdf-lib's object parser, walked by hand over the appended bytes: objects, sections and trailers, nothing else. */
class RevisionScanner extends PDFObjectParser {
  constructor(pdf: Uint8Array, from: number) {
    super(byteStreamOf(pdf), PDFContext.create());
    this.bytes.moveTo(from);
  }

  scan(): ScannedRevision[] {
    const revisions: ScannedRevision[] = [];
    let objects: AppendedObject[] = [];
    let containers: AppendedObject[] = [];
    let section: Pick<ScannedRevision, 'xrefOffset' | 'entries' | 'trailer'> | null = null;
    for (;;) {
      this.skipWhitespaceAndComments();
      if (this.bytes.done()) break;
      const offset = this.bytes.offset();
      if (section === null && digit(this.bytes.peek())) {
        const item = this.parseIndirectObject(offset);
        const type = item.object instanceof PDFRawStream ? item.object.dict.get(PDFName.of('Type')) : undefined;
        if (type === PDFName.of('XRef')) section = { xrefOffset: offset, ...xrefStreamOf(item) };
        if (type === PDFName.of('ObjStm')) objects.push(...objectsInStream(item));
        if (type === PDFName.of('XRef') || type === PDFName.of('ObjStm')) containers.push(item);
        else objects.push(item);
      } else if (section === null && this.matchKeyword(keywords.xref)) {
        section = { xrefOffset: offset, entries: this.parseXrefTable(), trailer: this.parseTrailer() };
      } else if (section !== null && this.matchKeyword(keywords.startxref)) {
        this.skipWhitespaceAndComments();
        const containerNumbers = containers.map((item) => item.ref.objectNumber);
        revisions.push({ ...section, objects, containers, containerNumbers, startxref: this.parseRawInt() });
        objects = [];
        containers = [];
        section = null;
      } else {
        throw new Error(`not an incremental update at ${offset}`);
      }
    }
    if (objects.length > 0 || section !== null) throw new Error('an update without its section or startxref');
    return revisions;
  }

  private parseIndirectObject(offset: number): AppendedObject {
    const objectNumber = this.parseRawInt();
    this.skipWhitespaceAndComments();
    const generation = this.parseRawInt();
    this.skipWhitespaceAndComments();
    if (!this.matchKeyword(keywords.obj)) throw new Error(`no obj at ${offset}`);
    this.skipWhitespaceAndComments();
    const ref = PDFRef.of(objectNumber, generation);
    const object = this.parseObject(ref);
    this.skipWhitespaceAndComments();
    if (!this.matchKeyword(keywords.endobj)) throw new Error(`no endobj after ${offset}`);
    return { ref, offset, object, isInObjectStream: false };
  }

  /** `first count` subsection headers, each followed by `count` lines of `offset generation n|f`. */
  private parseXrefTable(): XrefEntry[] {
    const entries: XrefEntry[] = [];
    this.skipWhitespaceAndComments();
    while (!this.bytes.done() && digit(this.bytes.peek())) {
      const first = this.parseRawInt();
      this.skipWhitespaceAndComments();
      const count = this.parseRawInt();
      for (let index = 0; index < count; index++) {
        this.skipWhitespaceAndComments();
        const offset = this.parseRawInt();
        this.skipWhitespaceAndComments();
        const generation = this.parseRawInt();
        this.skipWhitespaceAndComments();
        const kind = String.fromCharCode(this.bytes.next());
        if (kind !== 'n' && kind !== 'f') throw new Error('a cross-reference entry that is neither n nor f');
        entries.push({ objectNumber: first + index, generation, offset, kind: kind === 'n' ? 'in-use' : 'free' });
      }
      this.skipWhitespaceAndComments();
    }
    return entries;
  }

  private parseTrailer() {
    this.skipWhitespaceAndComments();
    if (!this.matchKeyword(keywords.trailer)) throw new Error('a cross-reference table without its trailer');
    this.skipWhitespaceAndComments();
    const trailer = this.parseObject();
    if (!(trailer instanceof PDFDict)) throw new Error('a trailer that is not a dictionary');
    return trailer;
  }
}

function xrefStreamOf(item: AppendedObject) {
  const stream = item.object as PDFRawStream;
  const entries = PDFXRefStreamParser.forStream(stream)
    .parseIntoContext()
    .map(
      (entry): XrefEntry => ({
        objectNumber: entry.ref.objectNumber,
        generation: entry.ref.generationNumber,
        offset: entry.offset,
        kind: entry.deleted ? 'free' : entry.inObjectStream ? 'compressed' : 'in-use',
      }),
    );
  return { entries, trailer: stream.dict };
}

/** An object stream's objects (ISO 32000-1, 7.5.7): /N pairs of number and offset, the objects from /First on. */
function objectsInStream(item: AppendedObject): AppendedObject[] {
  const stream = item.object as PDFRawStream;
  const count = stream.dict.get(PDFName.of('N'));
  const first = stream.dict.get(PDFName.of('First'));
  if (!(count instanceof PDFNumber && first instanceof PDFNumber))
    throw new Error('an object stream without /N, /First');
  const decoded = decodePDFRawStream(stream).decode();
  const header = Buffer.from(decoded.subarray(0, first.asNumber())).toString('latin1').trim().split(/\s+/).map(Number);
  if (header.length !== count.asNumber() * 2 || header.some((value) => !Number.isInteger(value) || value < 0)) {
    throw new Error('an object stream whose header does not match /N');
  }
  // Which of two objects of one number a reader takes is the reader's choice: neither is read as proof only.
  const numbers = header.filter((_, index) => index % 2 === 0);
  if (new Set(numbers).size !== numbers.length) throw new Error('an object stream with a number twice');
  const context = PDFContext.create();
  return Array.from({ length: count.asNumber() }, (_, index) => {
    const ref = PDFRef.of(header[index * 2] ?? 0, 0);
    const at = first.asNumber() + (header[index * 2 + 1] ?? 0);
    const object = PDFObjectParser.forBytes(decoded.subarray(at), context).parseObject(ref);
    return { ref, offset: item.ref.objectNumber, object, isInObjectStream: true };
  });
}
