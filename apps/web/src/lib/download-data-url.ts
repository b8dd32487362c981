/**
 * Saves a data URL as a file through a temporary `download` link: the browser's own save, with no window opened
 * and no server round trip.
 */
export function downloadDataUrl({ url, fileName }: { url: string; fileName: string }): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
