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

/**
 * Active content (issue 6, part 1): what could run or carry a payload when a party opens the document.
 * JavaScript (a `/JS` action, the catalog's `/JavaScript` name tree, an `/OpenAction` or `/AA` trigger that
 * runs a script), launch actions (start a program or open a file), and embedded files (the `/EmbeddedFiles`
 * name tree, file specifications carrying `/EF` bytes, file-attachment annotations, `/EmbeddedFile` streams).
 */
export const activeContentKinds = ['javascript', 'launch-actions', 'embedded-files'] as const;
export type ActiveContentKind = (typeof activeContentKinds)[number];

const name = (value: string) => PDFName.of(value);

/** What a dictionary is, when it is active content itself. */
function classify(dict: PDFDict): ActiveContentKind | null {
  const action = dict.get(name('S'));
  if (action === name('JavaScript') || dict.has(name('JS'))) return 'javascript';
  if (action === name('Launch')) return 'launch-actions';
  if (action === name('GoToE')) return 'embedded-files';
  if (dict.get(name('Type')) === name('EmbeddedFile')) return 'embedded-files';
  if (dict.get(name('Subtype')) === name('FileAttachment')) return 'embedded-files';
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

function catalogNames(doc: PDFDocument): PDFDict | undefined {
  return doc.catalog.lookupMaybe(name('Names'), PDFDict);
}

/** The kinds of active content in the document, each once. */
export function findActiveContent(doc: PDFDocument): ActiveContentKind[] {
  const found = new Set<ActiveContentKind>();
  const names = catalogNames(doc);
  if (names?.has(name('JavaScript'))) found.add('javascript');
  if (names?.has(name('EmbeddedFiles'))) found.add('embedded-files');
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    for (const container of containersOf(object)) {
      if (!(container instanceof PDFDict)) continue;
      const kind = classify(container);
      if (kind) found.add(kind);
      if (container.has(name('EF'))) found.add('embedded-files');
    }
  }
  return activeContentKinds.filter((kind) => found.has(kind));
}

/**
 * Removes every piece of active content in place: the name trees, every entry or array element that leads to an
 * active dictionary, the `/EF` bytes of file specifications, and the active objects themselves (pdf-lib writes
 * every object of its context, reachable or not). Returns what was removed.
 */
export function removeActiveContent(doc: PDFDocument): ActiveContentKind[] {
  const removed = new Set<ActiveContentKind>();
  const { context } = doc;
  const names = catalogNames(doc);
  for (const [key, kind] of [
    ['JavaScript', 'javascript'],
    ['EmbeddedFiles', 'embedded-files'],
  ] as const) {
    if (names?.has(name(key))) {
      names.delete(name(key));
      removed.add(kind);
    }
  }
  const activeRefs: PDFRef[] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const own = dictOf(object);
    const kind = own ? classify(own) : null;
    if (kind) {
      activeRefs.push(ref);
      removed.add(kind);
      continue;
    }
    for (const container of containersOf(object)) {
      for (const kind of pruneContainer(context, container)) removed.add(kind);
    }
  }
  for (const ref of activeRefs) {
    // A script kept in a stream of its own goes with its action.
    const scriptRef = dictOf(context.lookup(ref))?.get(name('JS'));
    if (scriptRef instanceof PDFRef) context.delete(scriptRef);
    context.delete(ref);
  }
  return activeContentKinds.filter((kind) => removed.has(kind));
}

function activeKindOf(context: PDFContext, value: PDFObject | undefined): ActiveContentKind | null {
  const dict = dictOf(value instanceof PDFRef ? context.lookup(value) : value);
  return dict ? classify(dict) : null;
}

function pruneContainer(context: PDFContext, container: PDFDict | PDFArray): ActiveContentKind[] {
  const removed: ActiveContentKind[] = [];
  if (container instanceof PDFArray) {
    for (let index = container.size() - 1; index >= 0; index--) {
      const kind = activeKindOf(context, container.get(index));
      if (kind) {
        container.remove(index);
        removed.push(kind);
      }
    }
    return removed;
  }
  for (const [key, value] of container.entries()) {
    const kind = activeKindOf(context, value);
    if (kind) {
      container.delete(key);
      removed.push(kind);
    }
  }
  // A file specification may stay (a link to a file next to the PDF); the bytes it carries may not.
  for (const key of ['EF', 'RF']) {
    if (container.has(name(key))) {
      container.delete(name(key));
      removed.push('embedded-files');
    }
  }
  // A trigger dictionary emptied of its scripts goes too.
  const triggers = container.lookupMaybe(name('AA'), PDFDict);
  if (triggers && triggers.keys().length === 0) container.delete(name('AA'));
  return removed;
}
