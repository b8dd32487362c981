/**
 * Saves a Blob as a file through a temporary object URL and `download` link, so a download that needs the bearer
 * token (fetched by the API client, not by a plain link) still ends in the browser's own save.
 */
export function saveBlob({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the save in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The file name of a `content-disposition` header (RFC 6266): the UTF-8 `filename*` when present (our server sends
 * "Avtal åäö.pdf" that way), else the quoted or bare `filename`, else null.
 */
export function fileNameOfDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name.replace(/\\(.)/g, '$1') : null;
}
