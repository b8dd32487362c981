import { PDFArray, PDFDict, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib';

/**
 * Compares PDF objects as written, the way the verifier needs to tell an object written again unchanged from one
 * that was changed: dictionaries key by key in any order, arrays item by item, references by number, everything
 * else by its serialisation. A direct stream is never "the same": it cannot stand where these comparisons look.
 */
export function isSameObject(a: PDFObject | undefined, b: PDFObject | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a instanceof PDFStream || b instanceof PDFStream) return false;
  if (a instanceof PDFDict || b instanceof PDFDict) {
    return a instanceof PDFDict && b instanceof PDFDict && differsOnlyIn(a, b, {});
  }
  if (a instanceof PDFArray || b instanceof PDFArray) {
    if (!(a instanceof PDFArray && b instanceof PDFArray) || a.size() !== b.size()) return false;
    return a.asArray().every((item, index) => isSameObject(item, b.get(index)));
  }
  return a.constructor === b.constructor && a.toString() === b.toString();
}

type Exception = (before: PDFObject | undefined, after: PDFObject | undefined) => boolean;

/** Every key the same in both, but those in `exceptions`, which judge their own values. */
export function differsOnlyIn(before: PDFDict, after: PDFDict, exceptions: Record<string, Exception>): boolean {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].every((key) => {
    const exception = exceptions[key.decodeText()];
    return exception ? exception(before.get(key), after.get(key)) : isSameObject(before.get(key), after.get(key));
  });
}

/**
 * An array that kept every item it had, in order, and gained only references at its end, which go to `added`
 * (a field list or a page's annotations gaining a document timestamp's field). Both absent is no change.
 */
export function appendsOnly(before: PDFObject | undefined, after: PDFObject | undefined, added: PDFRef[]): boolean {
  if (before instanceof PDFRef || after instanceof PDFRef || after === undefined) return isSameObject(before, after);
  if (!(after instanceof PDFArray) || (before !== undefined && !(before instanceof PDFArray))) return false;
  const kept = before?.size() ?? 0;
  if (after.size() < kept) return false;
  const items = after.asArray();
  if (!items.slice(0, kept).every((item, index) => isSameObject(before?.get(index), item))) return false;
  const gained = items.slice(kept);
  if (!gained.every((item) => item instanceof PDFRef)) return false;
  added.push(...(gained as PDFRef[]));
  return true;
}
