import { PDFArray, type PDFDict, PDFHexString, PDFName, type PDFObject, PDFString } from '@cantoo/pdf-lib';
import type { ActiveContentKind } from '@signlink/contracts/documents/active-content';

const name = (value: string) => PDFName.of(value);

/** Action types (ISO 32000-2 table 201) by what they are to the sender; `/GoTo` and `/Named` are decided apart. */
const kindsOfActionTypes = new Map<PDFName, ActiveContentKind>(
  (
    [
      ['JavaScript', 'javascript'],
      ['Launch', 'launch-actions'],
      ['GoToE', 'embedded-files'],
      ['URI', 'external-actions'],
      ['GoToR', 'external-actions'],
      ['GoToDp', 'external-actions'],
      ['Thread', 'external-actions'],
      ['SubmitForm', 'external-actions'],
      ['ImportData', 'external-actions'],
      ['Sound', 'rich-media'],
      ['Movie', 'rich-media'],
      ['Rendition', 'rich-media'],
      ['GoTo3DView', 'rich-media'],
      ['RichMediaExecute', 'rich-media'],
      ['ResetForm', 'other-actions'],
      ['Hide', 'other-actions'],
      ['SetOCGState', 'other-actions'],
      ['Trans', 'other-actions'],
      ['SetState', 'other-actions'],
      ['NOP', 'other-actions'],
    ] as const
  ).map(([type, kind]) => [name(type), kind]),
);

/**
 * Named actions kept: the four the standard defines (ISO 32000-2 table 203) move to another page of this very
 * document, as a `/GoTo` would, and reach nothing else. Any other name is the viewer's own command (Acrobat runs
 * any menu item by name: print, save as, close, ...), so it goes with the other actions.
 */
const pageNavigationNames = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage'].map(name));

/** Where a dictionary's value is an action, whatever its `/S`: annotations' and outline items' `/A`, the
 * catalog's `/OpenAction`, an action's `/Next`, a link's previous `/PA`. `/AA` holds actions under any key. */
export const actionSlots = new Set(['A', 'OpenAction', 'Next', 'PA'].map(name));

/**
 * The kind of an action that must go, or null for a dictionary that is no action or an action that may stay:
 * a `/GoTo` to a destination in this document, or a standard page-navigation `/Named` action. What an action
 * chains in its `/Next` is judged on its own. `isInActionSlot`: the dictionary was reached through a key that
 * holds actions, so an `/S` we do not know still names an action; elsewhere `/S` means other things too (border
 * styles, page labels, structure types, soft masks), so only the action types we know count.
 */
export function classifyAction(dict: PDFDict, isInActionSlot: boolean): ActiveContentKind | null {
  if (dict.has(name('JS'))) return 'javascript';
  const type = dict.get(name('Type'));
  const actionType = dict.get(name('S'));
  if (!(actionType instanceof PDFName)) return null;
  if (type !== undefined && type !== name('Action')) return null;
  // Structure elements (`/P` parent) and attribute objects (`/O` owner) carry an `/S` of their own.
  if (type === undefined && (dict.has(name('P')) || dict.has(name('O')))) return null;
  if (actionType === name('GoTo')) return hasDestinationInDocument(dict) ? null : 'other-actions';
  if (actionType === name('Named')) {
    const command = dict.get(name('N'));
    return command instanceof PDFName && pageNavigationNames.has(command) ? null : 'other-actions';
  }
  const kind = kindsOfActionTypes.get(actionType);
  if (kind) return kind;
  return isInActionSlot || type === name('Action') ? 'other-actions' : null;
}

/** A `/GoTo` names a destination of this file (a named destination, or a page with a view) or a structure
 * element of it (`/SD`, PDF 2.0); anything else is no in-document navigation. */
function hasDestinationInDocument(action: PDFDict): boolean {
  return isDestination(action.lookup(name('D'))) || action.lookup(name('SD')) instanceof PDFArray;
}

function isDestination(destination: PDFObject | undefined): boolean {
  return (
    destination instanceof PDFName ||
    destination instanceof PDFString ||
    destination instanceof PDFHexString ||
    destination instanceof PDFArray
  );
}
