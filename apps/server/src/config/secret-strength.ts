/** What a production secret must reach: 32 bytes of entropy, as `openssl rand -base64 32` gives. */
export const minimumSecretBits = 256;
/** A long string of few different characters ("aaaa…", "abab…") is guessable whatever its length. */
const minimumDistinctCharacters = 10;

const characterClasses: readonly [RegExp, number][] = [
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/[0-9]/, 10],
  [/[^a-zA-Z0-9]/, 33],
];

/**
 * An upper bound on a secret's entropy in bits, from the character classes it draws on, and nothing at all when it
 * draws on too few different characters or its characters repeat so much that their observed (Shannon) entropy is
 * less than half the goal. Random secrets pass: 64 hex digits give about 330 bits, 44 base64 characters about 290.
 */
export function estimateSecretBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  if (counts.size < minimumDistinctCharacters) return 0;
  let observedBitsPerCharacter = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    observedBitsPerCharacter -= share * Math.log2(share);
  }
  if (observedBitsPerCharacter * characters.length < minimumSecretBits / 2) return 0;
  const pool = characterClasses.reduce((sum, [pattern, size]) => sum + (pattern.test(secret) ? size : 0), 0);
  return Math.floor(characters.length * Math.log2(pool));
}
