import { PDFArray, type PDFContext, PDFDict, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib';

/**
 * Deletes every indirect object the trailer no longer reaches. pdf-lib writes every object of its context, reachable
 * or not, so what removal cut loose (a script stream, an XFA packet, a removed action's target file or `/Next`
 * chain) would otherwise still be in the saved file, for any tool that reads objects rather than the document.
 */
export function dropUnreachableObjects(context: PDFContext): void {
  const { Root, Info, Encrypt } = context.trailerInfo;
  const reachable = new Set<PDFRef>();
  const pending: PDFObject[] = [Root, Info, Encrypt].filter((object) => object !== undefined);
  while (pending.length > 0) {
    const object = pending.pop() as PDFObject;
    if (object instanceof PDFRef) {
      if (reachable.has(object)) continue;
      reachable.add(object);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFDict) {
      pending.push(...object.values());
    } else if (object instanceof PDFStream) {
      pending.push(...object.dict.values());
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reachable.has(ref)) context.delete(ref);
  }
}
