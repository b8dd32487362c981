/**
 * Whether the name read from a document is the party's (a mismatch is shown to the sender, as BankID's is), as a
 * person would judge it: the zone writes names in upper-case ASCII with `<` fillers (Åsa → ASA, Müller → MUELLER or
 * MULLER), the sender may have typed them in another order, with hyphens, or without a middle name. Every given name
 * and surname on the shorter side must be on the other, and the surnames must share at least one name: "Anna
 * Eriksson" matches "ERIKSSON, ANNA MARIA", "Anna Berg" does not.
 */
export function namesMatch(input: { read: { firstName: string; lastName: string }; party: string }): boolean {
  const readSurnames = tokens(input.read.lastName);
  const readAll = [...tokens(input.read.firstName), ...readSurnames];
  const partyAll = tokens(input.party);
  if (readAll.length === 0 || partyAll.length === 0) return false;
  const [shorter, longer] = readAll.length <= partyAll.length ? [readAll, partyAll] : [partyAll, readAll];
  const isIn = (name: string, names: string[]) => names.some((other) => sameName(name, other));
  return shorter.every((name) => isIn(name, longer)) && readSurnames.some((name) => isIn(name, partyAll));
}

/** Names as comparable words: diacritics, case, fillers, hyphens and punctuation away. */
export function tokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .replace(/đ/gi, 'd')
    .replace(/ł/gi, 'l')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((word) => word.length > 0);
}

/** ICAO 9303 transliterates Ä, Ö, Ü as AE, OE, UE, and some states as A, O, U: either spelling is the same name. */
function sameName(a: string, b: string): boolean {
  return a === b || folded(a) === folded(b);
}

function folded(name: string): string {
  return name.replace(/([AOU])E/g, '$1');
}
