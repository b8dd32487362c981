/**
 * What upload removes from a PDF and tells the sender about, and what a sealed PDF never carries. Only in-document
 * navigation stays: a `/GoTo` to a destination in the same file and the standard page-turning `/Named` actions.
 * - `javascript`: scripts (a `/JS` action, the `/JavaScript` name tree).
 * - `launch-actions`: start a program or open a file.
 * - `embedded-files`: files carried inside the PDF (`/EmbeddedFiles`, `/EF` bytes, file attachments, `/GoToE`).
 * - `external-actions`: reach outside the document: web links (`/URI`), links to other files (`/GoToR`,
 *   `/GoToDp`, `/Thread`), sending or loading form data (`/SubmitForm`, `/ImportData`).
 * - `xfa-forms`: XML forms (`/AcroForm /XFA`), which carry their own scripts and logic.
 * - `rich-media`: multimedia and 3D (`/RichMedia`, `/Movie`, `/Sound`, `/Screen`, `/3D` annotations and the
 *   actions that play them).
 * - `other-actions`: any other action: reset or hide fields, layers, viewer commands, types we do not know.
 */
export const activeContentKinds = [
  'javascript',
  'launch-actions',
  'embedded-files',
  'external-actions',
  'xfa-forms',
  'rich-media',
  'other-actions',
] as const;
export type ActiveContentKind = (typeof activeContentKinds)[number];
