/**
 * One colour per party slot, so a field on the page shows whose it is: distinct hues readable on white paper and
 * strong enough for the field's border and label (WCAG 3:1 against white for the border).
 */
const partyColors = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e'] as const;

export function partyColorOf(signatureIndex: number): string {
  return partyColors[signatureIndex % partyColors.length] ?? partyColors[0];
}
