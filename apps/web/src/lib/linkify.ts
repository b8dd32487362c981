/** A piece of a message body, with where it starts (a stable key): plain text, or a URL to show as a link. */
export type TextPart = { kind: 'text'; start: number; text: string } | { kind: 'link'; start: number; href: string };

// The same rule as the simulators' link extraction (packages/simulators/src/mailbox/sim-mailbox.ts), so the links
// in a body are exactly the message's `links`.
const urlPattern = /https?:\/\/[^\s<>"')\]]+/g;
const trailingPunctuation = /[.,;:!?]+$/;

/** Splits `text` into text and http(s) links; a sentence's closing punctuation stays text. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const href = match[0].replace(trailingPunctuation, '');
    if (match.index > last) parts.push({ kind: 'text', start: last, text: text.slice(last, match.index) });
    parts.push({ kind: 'link', start: match.index, href });
    last = match.index + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', start: last, text: text.slice(last) });
  return parts;
}
