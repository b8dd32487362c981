/**
 * A file's title from its name: without the folder and the `.pdf`, or the generic title when nothing is left.
 * A sender's upload and a recipient's attachment are titled alike.
 */
export function titleFromFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const title = base
    .replace(/\.pdf$/i, '')
    .trim()
    .slice(0, 200);
  return title || 'Document';
}
