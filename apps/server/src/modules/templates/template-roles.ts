import type { FileRules } from '@signlink/contracts/documents/document-model';
import type { Locale } from '@signlink/contracts/locales';

/** "Party 2" in the document's language: what a slot is called when neither a role nor a label names it. */
const partyWord: Record<Locale, string> = { 'en-us': 'Party', sv: 'Part', es: 'Parte' };

/**
 * The role a slot gets when a template is made (issue 24): the party's own role, else the slot's label in the
 * files' rules (the editor's "Sign 1" renamed "Tenant"), else "Party N" in the document's language.
 */
export function roleNameOf(
  party: { role: string | null; signatureIndex: number },
  input: { labels: FileRules['labels'][]; language: Locale },
): string {
  const own = party.role?.trim();
  if (own) return own;
  for (const labels of input.labels) {
    const label = labels?.[String(party.signatureIndex)]?.trim();
    if (label) return label.slice(0, 80);
  }
  return `${partyWord[input.language]} ${party.signatureIndex + 1}`;
}

/** A slot the template fixes: the person is named and reachable, so using the template needs nothing for it. */
export function isFixedRole(party: { name: string; email: string | null; phone: string | null }): boolean {
  return party.name.trim() !== '' && Boolean(party.email || party.phone);
}
