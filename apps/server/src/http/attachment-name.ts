/** A download's Content-Disposition. RFC 6266: an ASCII fallback and the UTF-8 name, so "Avtal åäö.pdf" survives. */
export function attachmentName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
