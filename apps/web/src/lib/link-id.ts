/** SPEC section 3: the link id is stored uppercased, so `/abc123` and `/ABC123` open the same document. */
export function normaliseLinkId(raw: string | null | undefined): string | null {
  const id = raw?.trim().toUpperCase() ?? '';
  // Link codes are letters and digits (ARCHITECTURE "Data"); anything else cannot be one of ours.
  return /^[A-Z0-9_-]{1,64}$/.test(id) ? id : null;
}
