import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFNumber,
  type PDFObject,
  PDFParser,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';
import { type AppendedRevision, readAppendedRevisions } from './appended-revisions.ts';
import { appendsOnly, differsOnlyIn, isSameObject } from './pdf-object-compare.ts';
import {
  hasOnlyKeys,
  isBlank,
  isDerStream,
  isDeveloperExtensions,
  isEmptyAppearance,
  isName,
  isTimestampField,
  isTimestampSignature,
  name,
} from './validation-objects.ts';

/**
 * Whether what follows a signed revision only adds proof: long-term validation data (ETSI EN 319 142-1, 5.4: a /DSS
 * with its VRI dictionaries, certificates, CRLs and OCSP responses) and document timestamps (5.5: an ETSI.RFC3161
 * signature with an invisible field). Each appended revision (appended-revisions.ts) is judged object by object
 * against the signed revision, as pdf-lib reads it from the signed bytes alone: an object the signed revision
 * already had may change only as such an update changes it (the catalog gains /DSS and declares its extension; the
 * AcroForm's /Fields and a page's /Annots gain a timestamp's field), and every new object must be reachable as one
 * of those kinds and be of its kind. Anything else (a content stream, a font, an image, an annotation, a field's
 * value) changes what the document says.
 */
export async function addsValidationDataOnly(pdf: Uint8Array, signedEnd: number): Promise<boolean> {
  if (isBlank(pdf.subarray(signedEnd))) return true;
  const revisions = readAppendedRevisions(pdf, signedEnd);
  if (!revisions) return false;
  try {
    const signed = await PDFParser.forBytesWithOptions(pdf.subarray(0, signedEnd)).parseDocument();
    const state = new RevisionState(signed);
    for (const revision of revisions) {
      state.apply(revision);
      if (!isValidationRevision(revision, state)) return false;
    }
    return true;
  } catch {
    // Whatever does not read as the kinds above is not shown to be proof only.
    return false;
  }
}

type Role = 'validation-data' | 'validation-stream' | 'timestamp-field' | 'timestamp-signature' | 'empty-appearance';

/** The document as of the revisions read so far, over the signed revision's objects. */
class RevisionState {
  private readonly defined = new Map<number, PDFObject>();
  private readonly signedNumbers: Set<number>;
  /** Fields and widgets the AcroForm and pages gained, in this revision or an earlier one. */
  readonly addedFields: PDFRef[] = [];

  /** Numbers the signed revision refers to but does not define: an update must not be the first to define them. */
  readonly danglingNumbers = new Set<number>();

  constructor(readonly signed: PDFContext) {
    const objects = signed.enumerateIndirectObjects();
    this.signedNumbers = new Set(objects.map(([ref]) => ref.objectNumber));
    const pending: PDFObject[] = objects.map(([, object]) => object);
    for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
      if (object instanceof PDFRef && !this.signedNumbers.has(object.objectNumber)) {
        this.danglingNumbers.add(object.objectNumber);
      } else if (object instanceof PDFDict) {
        pending.push(...object.values());
      } else if (object instanceof PDFArray) {
        pending.push(...object.asArray());
      } else if (object instanceof PDFStream) {
        pending.push(object.dict);
      }
    }
  }

  apply(revision: AppendedRevision): void {
    for (const { ref, object } of revision.objects) this.defined.set(ref.objectNumber, object);
  }

  resolve(object: PDFObject | undefined): PDFObject | undefined {
    if (!(object instanceof PDFRef)) return object;
    return this.defined.get(object.objectNumber) ?? this.signed.lookup(object);
  }

  isSigned(ref: PDFRef): boolean {
    return this.signedNumbers.has(ref.objectNumber);
  }

  get root(): PDFObject | undefined {
    return this.signed.trailerInfo.Root;
  }
}

function isValidationRevision(revision: AppendedRevision, state: RevisionState): boolean {
  if (!isTrailerUnchanged(revision.trailer, state)) return false;
  const isTaken = (number: number) => state.isSigned(PDFRef.of(number)) || state.danglingNumbers.has(number);
  if (revision.containerNumbers.some(isTaken)) return false;
  for (const { ref, object } of revision.objects) {
    if (state.isSigned(ref) && !isAllowedChange(ref, object, state)) return false;
    // Signed content pointing at an object yet to come would show whatever "validation data" it turns out to be.
    if (state.danglingNumbers.has(ref.objectNumber)) return false;
  }
  const roles = rolesOf(state);
  if (!roles) return false;
  return revision.objects
    .filter(({ ref }) => !state.isSigned(ref))
    .every(({ ref, object }) => isOfRole(roles.get(ref.objectNumber), object, state));
}

const trailerKeys = ['Size', 'Prev', 'Root', 'Info', 'ID', 'Type', 'W', 'Index', 'Length', 'Filter', 'DecodeParms'];

/** The same catalog and document information; a new /ID is allowed (writers make one per save). */
function isTrailerUnchanged(trailer: PDFDict, state: RevisionState): boolean {
  const info = trailer.get(name('Info'));
  return (
    hasOnlyKeys(trailer, trailerKeys) &&
    isSameObject(trailer.get(name('Root')), state.root) &&
    (info === undefined || isSameObject(info, state.signed.trailerInfo.Info))
  );
}

/** An object of the signed revision, written again: only the catalog, the AcroForm, a page or its /Annots. */
function isAllowedChange(ref: PDFRef, object: PDFObject, state: RevisionState): boolean {
  const before = state.signed.lookup(ref);
  const fields = (old: PDFObject | undefined, now: PDFObject | undefined) => appendsOnly(old, now, state.addedFields);
  const acroForm = (old: PDFObject | undefined, now: PDFObject | undefined) =>
    old instanceof PDFDict && now instanceof PDFDict
      ? differsOnlyIn(old, now, { Fields: fields, SigFlags: (_, flags) => flags instanceof PDFNumber })
      : isSameObject(old, now);
  if (!(before instanceof PDFDict || before instanceof PDFArray) || before.constructor !== object.constructor) {
    return false;
  }
  if (isSameObject(ref, state.root)) {
    const extensions = (_: unknown, now: PDFObject | undefined) => isDeveloperExtensions(now);
    return differsOnlyIn(before as PDFDict, object as PDFDict, {
      DSS: () => true,
      AcroForm: acroForm,
      Extensions: extensions,
    });
  }
  const catalog = state.signed.lookup(state.root as PDFRef);
  if (catalog instanceof PDFDict && isSameObject(catalog.get(name('AcroForm')), ref)) return acroForm(before, object);
  if (before instanceof PDFDict && isName(before.get(name('Type')), 'Page')) {
    return differsOnlyIn(before, object as PDFDict, { Annots: fields });
  }
  return before instanceof PDFArray && isAnnotsOfSignedPage(ref, state) && fields(before, object);
}

function isAnnotsOfSignedPage(ref: PDFRef, state: RevisionState): boolean {
  return state.signed
    .enumerateIndirectObjects()
    .some(
      ([, object]) =>
        object instanceof PDFDict &&
        isName(object.get(name('Type')), 'Page') &&
        isSameObject(object.get(name('Annots')), ref),
    );
}

/**
 * What each new object may be, by where the document as of this revision reaches it: from the catalog's /DSS,
 * and from the fields the AcroForm and pages gained. Null when the DSS is not one, or an object is reached as two
 * kinds.
 */
function rolesOf(state: RevisionState): Map<number, Role> | null {
  const roles = new Map<number, Role>();
  let isConflicting = false;
  const assign = (object: PDFObject | undefined, role: Role) => {
    if (!(object instanceof PDFRef)) return;
    const known = roles.get(object.objectNumber);
    if (known && known !== role) isConflicting = true;
    roles.set(object.objectNumber, role);
  };
  const catalog = state.resolve(state.root);
  if (!(catalog instanceof PDFDict)) return null;
  if (!assignDss(catalog.get(name('DSS')), state, assign)) return null;
  for (const field of state.addedFields) {
    // A field the signed revision had, put back in the form, would be a change.
    if (state.isSigned(field)) return null;
    assign(field, 'timestamp-field');
    const dict = state.resolve(field);
    if (!(dict instanceof PDFDict)) return null;
    assign(dict.get(name('V')), 'timestamp-signature');
    const appearance = state.resolve(dict.get(name('AP')));
    if (appearance instanceof PDFDict) assign(appearance.get(name('N')), 'empty-appearance');
  }
  return isConflicting ? null : roles;
}

type Assign = (object: PDFObject | undefined, role: Role) => void;

/** The DSS and its VRI dictionaries, checked here; the streams they list, given their role. */
function assignDss(value: PDFObject | undefined, state: RevisionState, assign: Assign): boolean {
  if (value === undefined) return true;
  assign(value, 'validation-data');
  const dss = state.resolve(value);
  if (!(dss instanceof PDFDict)) return false;
  if (!hasOnlyKeys(dss, ['Type', 'Certs', 'CRLs', 'OCSPs', 'VRI'])) return false;
  const type = dss.get(name('Type'));
  if (type !== undefined && !isName(type, 'DSS')) return false;
  if (!['Certs', 'CRLs', 'OCSPs'].every((key) => assignStreams(dss.get(name(key)), assign))) return false;
  const vriValue = dss.get(name('VRI'));
  if (vriValue === undefined) return true;
  assign(vriValue, 'validation-data');
  const vri = state.resolve(vriValue);
  if (!(vri instanceof PDFDict)) return false;
  return vri.values().every((entryValue) => {
    assign(entryValue, 'validation-data');
    const entry = state.resolve(entryValue);
    if (!(entry instanceof PDFDict)) return false;
    if (!hasOnlyKeys(entry, ['Type', 'Cert', 'CRL', 'OCSP', 'TU', 'TS'])) return false;
    assign(entry.get(name('TS')), 'validation-stream');
    return ['Cert', 'CRL', 'OCSP'].every((key) => assignStreams(entry.get(name(key)), assign));
  });
}

function assignStreams(list: PDFObject | undefined, assign: Assign): boolean {
  if (list === undefined) return true;
  if (!(list instanceof PDFArray)) return false;
  return list.asArray().every((item) => {
    assign(item, 'validation-stream');
    return item instanceof PDFRef;
  });
}

function isOfRole(role: Role | undefined, object: PDFObject, state: RevisionState): boolean {
  switch (role) {
    case 'validation-data':
      return true;
    case 'validation-stream':
      return isDerStream(object);
    case 'timestamp-field':
      return isTimestampField(object, (value) => state.resolve(value));
    case 'timestamp-signature':
      return isTimestampSignature(object);
    case 'empty-appearance':
      return isEmptyAppearance(object);
    case undefined:
      return false;
  }
}
