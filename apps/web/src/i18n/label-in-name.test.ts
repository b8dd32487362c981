import { resources } from '@signlink/i18n/resources';
import { describe, expect, it } from 'vitest';

/**
 * Buttons whose name adds whose or what they act on to the word they show (`aria-label` beside visible text). WCAG
 * 2.5.3: the name holds the visible words, in order, so a person who says what they see ("Send reminder") reaches it.
 */
const namedButtons: [nameKey: string, visibleKey: string][] = [
  ['overview.parties.remindFor', 'documents.actions.remind'],
  ['overview.parties.correctFor', 'overview.parties.correct'],
  ['overview.forms.approveFor', 'overview.forms.approve'],
  ['overview.forms.denyFor', 'overview.forms.deny'],
  ['overview.forms.downloadFor', 'overview.forms.download'],
  ['overview.attachments.downloadFor', 'overview.attachments.download'],
  ['recipientDocument.attachments.downloadFor', 'recipientDocument.attachments.download'],
  ['recipientDocument.attachments.removeFor', 'recipientDocument.attachments.remove'],
  ['users.invitations.remindFor', 'users.invitations.remind'],
  ['users.invitations.revokeFor', 'users.invitations.revoke'],
  ['users.remove.for', 'users.remove.button'],
  ['publicLinks.copyFor', 'publicLinks.copy'],
  ['assistantSettings.files.removeNamed', 'assistantSettings.files.remove'],
];

const textAt = (texts: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;

/** Words, as axe compares them: case and punctuation aside. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/\{\{\w+\}\}/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

describe.each(Object.keys(resources))('label in name, %s (WCAG 2.5.3)', (language) => {
  const app = resources[language as keyof typeof resources].app;
  it.each(namedButtons)('%s holds the words of %s', (nameKey, visibleKey) => {
    expect(` ${words(textAt(app, nameKey))} `).toContain(` ${words(textAt(app, visibleKey))} `);
  });
});
