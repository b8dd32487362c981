import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import * as asn1js from 'asn1js';

/**
 * The kinds of object an update after the seal may add and still add only proof (validation-update.ts says which
 * object must be which kind): each judged by its own keys and bytes, with no key that could draw, act or link.
 */
export const name = (key: string) => PDFName.of(key);
export const isName = (object: PDFObject | undefined, value: string) => object === PDFName.of(value);
export const hasOnlyKeys = (dict: PDFDict, allowed: readonly string[]) =>
  dict.keys().every((key) => allowed.includes(key.decodeText()));
export const isBlank = (bytes: Uint8Array) => bytes.every((byte) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d));

// A large CA's CRL runs to a few megabytes; a "certificate" beyond this is not one.
const maxValidationStreamBytes = 32 * 1024 * 1024;

/** A certificate, CRL, OCSP response or timestamp token: one DER SEQUENCE, plain or deflated, nothing else. */
export function isDerStream(object: PDFObject): boolean {
  const contents = streamContents(object, ['Length', 'Filter']);
  if (!contents || contents.byteLength === 0) return false;
  const der = asn1js.fromBER(contents);
  return der.offset === contents.byteLength && der.result instanceof asn1js.Sequence;
}

function streamContents(object: PDFObject, allowedKeys: readonly string[]): Uint8Array | null {
  if (!(object instanceof PDFRawStream) || !hasOnlyKeys(object.dict, allowedKeys)) return null;
  if (!(object.dict.get(name('Length')) instanceof PDFNumber)) return null;
  const filter = object.dict.get(name('Filter'));
  if (filter === undefined) return object.contents;
  if (!isName(filter, 'FlateDecode')) return null;
  try {
    return new Uint8Array(inflateSync(object.contents, { maxOutputLength: maxValidationStreamBytes }));
  } catch {
    return null;
  }
}

/**
 * A document timestamp's field and widget in one dictionary, as PAdES writers make it: its value an ETSI.RFC3161
 * signature, no actions, and nothing drawn (a zero-size rectangle, an empty appearance if any).
 */
export function isTimestampField(
  object: PDFObject,
  resolve: (value: PDFObject | undefined) => PDFObject | undefined,
): boolean {
  const keys = ['FT', 'T', 'TU', 'TM', 'V', 'Ff', 'Type', 'Subtype', 'F', 'P', 'Rect', 'AP'];
  if (!(object instanceof PDFDict) || !hasOnlyKeys(object, keys)) return false;
  const get = (key: string) => object.get(name(key));
  const type = get('Type');
  const subtype = get('Subtype');
  const appearance = get('AP');
  return (
    isName(get('FT'), 'Sig') &&
    (type === undefined || isName(type, 'Annot')) &&
    (subtype === undefined || isName(subtype, 'Widget')) &&
    isZeroSize(get('Rect')) &&
    isTimestampSignature(resolve(get('V'))) &&
    (appearance === undefined ||
      (appearance instanceof PDFDict && hasOnlyKeys(appearance, ['N']) && appearance.get(name('N')) instanceof PDFRef))
  );
}

function isZeroSize(rect: PDFObject | undefined): boolean {
  if (rect === undefined) return true;
  if (!(rect instanceof PDFArray) || rect.size() !== 4) return false;
  const [x1, y1, x2, y2] = rect.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : Number.NaN));
  return x1 === x2 || y1 === y2;
}

export function isTimestampSignature(object: PDFObject | undefined): boolean {
  const keys = ['Type', 'Filter', 'SubFilter', 'ByteRange', 'Contents', 'M', 'Name', 'Reason', 'Location'];
  return (
    object instanceof PDFDict &&
    hasOnlyKeys(object, [...keys, 'ContactInfo', 'Prop_Build']) &&
    isName(object.get(name('Type')), 'DocTimeStamp') &&
    isName(object.get(name('SubFilter')), 'ETSI.RFC3161')
  );
}

export function isEmptyAppearance(object: PDFObject): boolean {
  const keys = ['Type', 'Subtype', 'BBox', 'Matrix', 'FormType', 'Resources', 'Length', 'Filter'];
  const contents = streamContents(object, keys);
  return contents !== null && isBlank(contents);
}

/**
 * The catalog's developer extensions (ISO 32000-1, 7.12): a writer of validation data declares the one it uses,
 * e.g. /ESIC (ETSI EN 319 142-1) or Adobe's /ADBE level 5. Names and versions only, nothing a reader shows.
 */
export function isDeveloperExtensions(object: PDFObject | undefined): boolean {
  if (object === undefined) return true;
  const keys = ['Type', 'BaseVersion', 'ExtensionLevel', 'ExtensionRevision', 'URL'];
  return (
    object instanceof PDFDict &&
    object.values().every((value) => value instanceof PDFName || (value instanceof PDFDict && hasOnlyKeys(value, keys)))
  );
}
