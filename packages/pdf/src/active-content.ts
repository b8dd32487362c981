import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';
import { type ActiveContentKind, activeContentKinds } from '@signlink/contracts/documents/active-content';
import { actionSlots, classifyAction } from './pdf-actions.ts';
import { dropUnreachableObjects } from './unreachable-objects.ts';

const name = (value: string) => PDFName.of(value);

/** Annotations that play media or 3D, or hold a movie or a sound (ISO 32000-2 12.5.6.14 to 12.5.6.18, 13.6). */
const richMediaAnnotations = new Set(['RichMedia', 'Movie', 'Sound', 'Screen', '3D'].map(name));

/** What a dictionary is, when it is active content itself (reached through a key that holds actions or not). */
function classify(dict: PDFDict, isInActionSlot: boolean): ActiveContentKind | null {
  const action = classifyAction(dict, isInActionSlot);
  if (action) return action;
  const type = dict.get(name('Type'));
  const subtype = dict.get(name('Subtype'));
  if (type === name('EmbeddedFile')) return 'embedded-files';
  if (type !== undefined && type !== name('Annot')) return null;
  if (subtype === name('FileAttachment')) return 'embedded-files';
  if (subtype instanceof PDFName && richMediaAnnotations.has(subtype)) return 'rich-media';
  return null;
}

function dictOf(object: PDFObject | undefined): PDFDict | undefined {
  if (object instanceof PDFDict) return object;
  if (object instanceof PDFStream) return object.dict;
  return undefined;
}

/** Every dictionary and array held directly inside an object (references are not followed: each indirect
 * object is visited on its own, so shared and cyclic structures are walked once). */
function* containersOf(object: PDFObject): Generator<PDFDict | PDFArray> {
  const dict = dictOf(object);
  const root = dict ?? (object instanceof PDFArray ? object : undefined);
  if (!root) return;
  const pending: (PDFDict | PDFArray)[] = [root];
  while (pending.length > 0) {
    const container = pending.pop() as PDFDict | PDFArray;
    yield container;
    const values = container instanceof PDFDict ? container.values() : container.asArray();
    for (const value of values) {
      const nested = dictOf(value) ?? (value instanceof PDFArray ? value : undefined);
      if (nested && !(value instanceof PDFRef)) pending.push(nested);
    }
  }
}

/** The kinds of active content in the document, each once. */
export function findActiveContent(doc: PDFDocument): ActiveContentKind[] {
  return sweepActiveContent(doc, false);
}

/**
 * Removes every piece of active content in place: the name trees, XFA, every entry or array element that leads to
 * an action other than in-document navigation, a media annotation or an embedded file, the `/EF` bytes of file
 * specifications, and then every object no longer reachable from the trailer (pdf-lib writes every object of its
 * context, so a removed action's script, target or chain would otherwise stay in the file). Returns what was
 * removed.
 */
export function removeActiveContent(doc: PDFDocument): ActiveContentKind[] {
  const removed = sweepActiveContent(doc, true);
  if (removed.length > 0) dropUnreachableObjects(doc.context);
  return removed;
}

/** Finds active content and, when `isRemoving`, removes it: one walk, so what is found is what is removed. */
function sweepActiveContent(doc: PDFDocument, isRemoving: boolean): ActiveContentKind[] {
  const found = new Set<ActiveContentKind>();
  const { context } = doc;
  const names = doc.catalog.lookupMaybe(name('Names'), PDFDict);
  const acroForm = doc.catalog.lookupMaybe(name('AcroForm'), PDFDict);
  const documentLevel: [PDFDict | undefined, string, ActiveContentKind][] = [
    [names, 'JavaScript', 'javascript'],
    [names, 'EmbeddedFiles', 'embedded-files'],
    // XFA replaces the AcroForm where a viewer supports it, with scripts of its own; the AcroForm stays.
    [acroForm, 'XFA', 'xfa-forms'],
    [doc.catalog, 'NeedsRendering', 'xfa-forms'],
  ];
  for (const [holder, key, kind] of documentLevel) {
    if (!holder?.has(name(key))) continue;
    found.add(kind);
    if (isRemoving) holder.delete(name(key));
  }
  const activeRefs: PDFRef[] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const own = dictOf(object);
    const kind = own ? classify(own, false) : null;
    if (kind) {
      activeRefs.push(ref);
      found.add(kind);
      continue;
    }
    for (const container of containersOf(object)) {
      for (const kind of pruneContainer(context, container, isRemoving)) found.add(kind);
    }
  }
  if (isRemoving) for (const ref of activeRefs) context.delete(ref);
  return activeContentKinds.filter((kind) => found.has(kind));
}

function activeKindOf(context: PDFContext, value: PDFObject | undefined, isInActionSlot: boolean) {
  const dict = dictOf(value instanceof PDFRef ? context.lookup(value) : value);
  return dict ? classify(dict, isInActionSlot) : null;
}

/** The elements of an array that are active content; removed from it when `isRemoving`. */
function pruneArray(context: PDFContext, array: PDFArray, isInActionSlot: boolean, isRemoving: boolean) {
  const found: ActiveContentKind[] = [];
  for (let index = array.size() - 1; index >= 0; index--) {
    const kind = activeKindOf(context, array.get(index), isInActionSlot);
    if (!kind) continue;
    found.push(kind);
    if (isRemoving) array.remove(index);
  }
  return found;
}

/** The entries of a dictionary that are active content (its whole `/AA` triggers included); removed when
 * `isRemoving`. */
function pruneEntries(context: PDFContext, dict: PDFDict, isInActionSlot: boolean, isRemoving: boolean) {
  const found: ActiveContentKind[] = [];
  for (const [key, value] of dict.entries()) {
    const isSlot = isInActionSlot || actionSlots.has(key);
    const kind = activeKindOf(context, value, isSlot);
    if (kind) {
      found.push(kind);
      if (isRemoving) dict.delete(key);
      continue;
    }
    const resolved = value instanceof PDFRef ? context.lookup(value) : value;
    // An action's `/Next` may be a list of actions.
    if (key === name('Next') && resolved instanceof PDFArray)
      found.push(...pruneArray(context, resolved, true, isRemoving));
    if (key === name('AA') && resolved instanceof PDFDict) {
      found.push(...pruneEntries(context, resolved, true, isRemoving));
      // Triggers emptied of their actions go too.
      if (isRemoving && resolved.keys().length === 0) dict.delete(key);
    }
  }
  return found;
}

function pruneContainer(context: PDFContext, container: PDFDict | PDFArray, isRemoving: boolean) {
  if (container instanceof PDFArray) return pruneArray(context, container, false, isRemoving);
  const found = pruneEntries(context, container, false, isRemoving);
  // A file specification may stay (a link to a file next to the PDF); the bytes it carries may not.
  for (const key of ['EF', 'RF']) {
    if (!container.has(name(key))) continue;
    found.push('embedded-files');
    if (isRemoving) container.delete(name(key));
  }
  return found;
}
