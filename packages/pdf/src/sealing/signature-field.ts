import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';

/**
 * The seal's invisible signature field (ISO 32000-1, 12.7.4.5 and 12.8): a widget with no size on the first page,
 * its /Sig dictionary with room for the CMS, and the AcroForm listing it with /SigFlags 3 (signatures exist, the
 * file is only ever appended to). The byte range and the CMS are written into the placeholders once the update's
 * bytes exist; `fillSignature` finds them there.
 */
export interface SignatureFieldOptions {
  fieldName: string;
  reason: string;
  location?: string;
  contactInfo?: string;
  signingTime: Date;
  /** Room for the DER CMS, in bytes (written as twice as many hex digits). */
  contentsBytes: number;
}

const names = {
  annots: PDFName.of('Annots'),
  acroForm: PDFName.of('AcroForm'),
  fields: PDFName.of('Fields'),
  sigFlags: PDFName.of('SigFlags'),
  title: PDFName.of('T'),
};

// Ten digits hold any offset in a file below 10 GB; the real numbers are written over it, padded with spaces.
const byteRangePlaceholder = '[0 0000000000 0000000000 0000000000]';
/** Bytes written into the file as they are: the placeholders, which are filled in place after the write. */
class RawBytes extends PDFObject {
  constructor(private readonly bytes: Uint8Array) {
    super();
  }
  static latin1(text: string): RawBytes {
    return new RawBytes(new Uint8Array(Buffer.from(text, 'latin1')));
  }
  override clone(): RawBytes {
    return new RawBytes(this.bytes.slice());
  }
  override toString(): string {
    return Buffer.from(this.bytes).toString('latin1');
  }
  override sizeInBytes(): number {
    return this.bytes.byteLength;
  }
  // pdf-lib's own raw object (PDFInvalidObject) copies byte by byte: 48 KB of placeholder per seal.
  override copyBytesInto(buffer: Uint8Array, offset: number): number {
    buffer.set(this.bytes, offset);
    return this.bytes.byteLength;
  }
}

/** Adds the field to `doc` and answers the existing objects it changed, for the incremental update. */
export function addSignatureField(doc: PDFDocument, options: SignatureFieldOptions): PDFRef[] {
  const { context } = doc;
  const changed: PDFRef[] = [];
  const signature = context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite', SubFilter: 'ETSI.CAdES.detached' });
  signature.set(PDFName.of('ByteRange'), RawBytes.latin1(byteRangePlaceholder));
  signature.set(PDFName.of('Contents'), RawBytes.latin1(`<${'0'.repeat(options.contentsBytes * 2)}>`));
  signature.set(PDFName.of('M'), PDFString.of(pdfDate(options.signingTime)));
  signature.set(PDFName.of('Reason'), textString(options.reason));
  if (options.location) signature.set(PDFName.of('Location'), textString(options.location));
  if (options.contactInfo) signature.set(PDFName.of('ContactInfo'), textString(options.contactInfo));

  const { acroForm, holderRef } = acroFormOf(doc);
  const fields = arrayIn(doc, acroForm, names.fields, holderRef, changed);
  const page = doc.getPage(0);
  const widget = context.register(
    context.obj({
      FT: 'Sig',
      T: textString(uniqueName(fields, options.fieldName)),
      V: context.register(signature),
      Type: 'Annot',
      Subtype: 'Widget',
      F: 132, // Print and Locked
      P: page.ref,
      Rect: [0, 0, 0, 0],
    }),
  );
  fields.push(widget);
  acroForm.set(names.sigFlags, PDFNumber.of(3));
  changed.push(holderRef);
  arrayIn(doc, page.node, names.annots, page.ref, changed).push(widget);
  return changed;
}

/** The catalog's AcroForm, made if there is none, and the existing object that changes with it. */
function acroFormOf(doc: PDFDocument): { acroForm: PDFDict; holderRef: PDFRef } {
  const { context, catalog } = doc;
  const catalogRef = context.trailerInfo.Root as PDFRef;
  const entry = catalog.get(names.acroForm);
  const existing = entry instanceof PDFRef ? context.lookup(entry) : entry;
  if (existing instanceof PDFDict)
    return { acroForm: existing, holderRef: entry instanceof PDFRef ? entry : catalogRef };
  const acroForm = context.obj({});
  catalog.set(names.acroForm, context.register(acroForm));
  return { acroForm, holderRef: catalogRef };
}

/**
 * `holder`'s array under `key` (made if missing or not an array), with the object that changes when it grows
 * marked: the array itself when it is an indirect object, else `holder`.
 */
function arrayIn(doc: PDFDocument, holder: PDFDict, key: PDFName, holderRef: PDFRef, changed: PDFRef[]): PDFArray {
  const entry = holder.get(key);
  const existing = entry instanceof PDFRef ? doc.context.lookup(entry) : entry;
  if (existing instanceof PDFArray) {
    changed.push(entry instanceof PDFRef ? entry : holderRef);
    return existing;
  }
  const array = doc.context.obj([]);
  holder.set(key, array);
  changed.push(holderRef);
  return array;
}

/** `wanted`, or `wanted 2`, `wanted 3`… when a field of the form already has that name. */
function uniqueName(fields: PDFArray, wanted: string): string {
  const taken = new Set<string>();
  for (let i = 0; i < fields.size(); i++) {
    const title = fields.lookupMaybe(i, PDFDict)?.get(names.title);
    if (title instanceof PDFString || title instanceof PDFHexString) taken.add(title.decodeText());
  }
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = `${wanted} ${n}`;
  return name;
}

/** A PDF text string: literal when plain ASCII, else UTF-16BE (a translated reason may be "Förseglad"). */
function textString(text: string): PDFString | PDFHexString {
  return /^[\x20-\x7e]*$/.test(text) && !/[()\\]/.test(text) ? PDFString.of(text) : PDFHexString.fromText(text);
}

/** ISO 32000-1, 7.9.4: D:YYYYMMDDHHmmSSZ, in UTC. */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

export interface SignaturePlaceholders {
  byteRange: [number, number, number, number];
  /** Where the `<` of /Contents is, and how many hex digits fit between it and its `>`. */
  contentsAt: number;
  hexDigits: number;
}

/**
 * Finds the placeholders in `file`, whose update starting at `updateStart` holds the field's /Sig dictionary,
 * and writes the byte range into it: everything but the /Contents string, from `<` to `>`.
 */
export function writeByteRange(file: Uint8Array, updateStart: number): SignaturePlaceholders {
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const byteRangeAt = buffer.indexOf(`/ByteRange ${byteRangePlaceholder}`, updateStart, 'latin1');
  const contentsAt = buffer.indexOf('/Contents <0', byteRangeAt, 'latin1') + '/Contents '.length;
  if (byteRangeAt < 0 || contentsAt < byteRangeAt) throw new Error('The signature placeholders are missing');
  const contentsEnd = buffer.indexOf('>', contentsAt, 'latin1') + 1;
  const byteRange: SignaturePlaceholders['byteRange'] = [0, contentsAt, contentsEnd, file.byteLength - contentsEnd];
  const text = `[${byteRange.join(' ')}]`.padEnd(byteRangePlaceholder.length, ' ');
  buffer.write(text, byteRangeAt + '/ByteRange '.length, 'latin1');
  return { byteRange, contentsAt, hexDigits: contentsEnd - contentsAt - 2 };
}

/** The CMS written into /Contents as hex, the rest of the placeholder's zeros left as they are. */
export function writeContents(file: Uint8Array, placeholders: SignaturePlaceholders, cms: Uint8Array): void {
  const hex = Buffer.from(cms).toString('hex');
  if (hex.length > placeholders.hexDigits) {
    throw new Error(`The seal's CMS (${cms.byteLength} bytes) does not fit its placeholder`);
  }
  Buffer.from(file.buffer, file.byteOffset, file.byteLength).write(hex, placeholders.contentsAt + 1, 'latin1');
}
