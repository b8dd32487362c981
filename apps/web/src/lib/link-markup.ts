import { linkify } from './linkify.ts';

/** A piece of owner-written text: plain text, or a link with the words it shows. */
export type MarkupPart =
  | { kind: 'text'; start: number; text: string }
  | { kind: 'link'; start: number; href: string; label: string };

// Bounds on one bracketed link, so a crafted message cannot make one scan run across the whole text.
const maxLabelLength = 500;
const maxHrefLength = 2048;

/**
 * Only addresses a person can follow safely: http(s) web pages and mailto. javascript:, data: and anything else
 * stay text, whatever their case or the spaces and control characters around them.
 */
export function safeHrefOf(candidate: string): string | null {
  if (!/^(https?:\/\/|mailto:)\S+$/i.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * Reads from `from` up to (not including) `stop`, refusing a line break, an opening bracket or more than `limit`
 * characters: the scan from one `[` never passes the next, so the whole parse stays linear.
 */
function readUntil(text: string, from: number, stop: string, limit: number): number | null {
  const end = Math.min(text.length, from + limit + 1);
  for (let index = from; index < end; index++) {
    const char = text[index];
    if (char === stop) return index;
    if (char === '[' || char === '\n') return null;
  }
  return null;
}

interface BracketLink {
  end: number;
  href: string;
  label: string;
}

/** `[label](https://…)` at `open` (the `[`). */
function readLabelFirst(text: string, open: number): BracketLink | null {
  const close = readUntil(text, open + 1, ']', maxLabelLength);
  if (close === null || close === open + 1 || text[close + 1] !== '(') return null;
  const hrefEnd = readUntil(text, close + 2, ')', maxHrefLength);
  if (hrefEnd === null) return null;
  const href = safeHrefOf(text.slice(close + 2, hrefEnd));
  const label = text.slice(open + 1, close).trim();
  return href && label ? { end: hrefEnd + 1, href, label } : null;
}

/** `[https://… label]` at `open`; the label is optional, the address then shows itself. */
function readHrefFirst(text: string, open: number): BracketLink | null {
  const close = readUntil(text, open + 1, ']', maxHrefLength + maxLabelLength);
  if (close === null) return null;
  const inside = text.slice(open + 1, close).trim();
  const space = inside.search(/\s/);
  const href = safeHrefOf(space === -1 ? inside : inside.slice(0, space));
  if (!href) return null;
  const label = space === -1 ? href : inside.slice(space).trim();
  return { end: close + 1, href, label };
}

/**
 * SPEC section 5: "Bracketed-link markup becomes links opening in a new tab; bare web addresses are linked
 * automatically." The markup is `[words](https://…)` or `[https://… words]`; anything else in brackets stays as
 * written. Parts are data for elements, never HTML: the owner's text cannot inject markup into the page.
 */
export function parseLinkMarkup(text: string): MarkupPart[] {
  const parts: MarkupPart[] = [];
  let textStart = 0;
  const pushText = (end: number) => {
    if (end <= textStart) return;
    for (const part of linkify(text.slice(textStart, end))) {
      const start = textStart + part.start;
      parts.push(
        part.kind === 'link'
          ? { kind: 'link', start, href: part.href, label: part.href }
          : { kind: 'text', start, text: part.text },
      );
    }
  };
  let open = text.indexOf('[');
  while (open !== -1) {
    const link = readLabelFirst(text, open) ?? readHrefFirst(text, open);
    if (link) {
      pushText(open);
      parts.push({ kind: 'link', start: open, href: link.href, label: link.label });
      textStart = link.end;
    }
    open = text.indexOf('[', link ? link.end : open + 1);
  }
  pushText(text.length);
  return parts;
}
