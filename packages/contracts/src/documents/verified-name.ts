/**
 * Whether the name a signer proved (BankID's `name`) is the party's name the sender typed: every word the sender
 * wrote is one of the proved name's words, ignoring case and accents. BankID gives the full legal name, so a middle
 * name the sender left out ("Anna Andersson" signed by "Anna Maria Andersson") is the same person, while "Bob Berg"
 * signed by "Johan Svensson" is not and the sender is told on the document's page.
 */
export function isSameSignerName(partyName: string, verifiedName: string): boolean {
  const partyWords = wordsOf(partyName);
  const verifiedWords = new Set(wordsOf(verifiedName));
  // A party saved without a name has nothing to compare: no warning, the audit trail names the signer.
  return partyWords.length === 0 || partyWords.every((word) => verifiedWords.has(word));
}

function wordsOf(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('sv')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
