import { vi } from 'vitest';

/**
 * What the browser was asked to save (jsdom saves nothing): the Blob behind the object URL a download link points at,
 * and the link's download name. Call `forgetSaves` after each test: it puts URL and the anchor's click back.
 */
export function watchSaves() {
  const saves: { fileName: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const objectUrls = {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => void blobs.delete(url),
  };
  // jsdom has no object URLs; the browser's pair, kept until the test ends.
  for (const [name, value] of Object.entries(objectUrls)) {
    Object.defineProperty(URL, name, { value, configurable: true, writable: true });
  }
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saves.push({ fileName: this.download, blob });
  });
  return saves;
}

export function forgetSaves() {
  vi.restoreAllMocks();
  for (const name of ['createObjectURL', 'revokeObjectURL']) Reflect.deleteProperty(URL, name);
}
