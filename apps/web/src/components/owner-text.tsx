import { parseLinkMarkup } from '../lib/link-markup.ts';
import { TextWithLinks } from './linked-text.tsx';

/**
 * Text an owner wrote (a consent message, a document's messages) with its bracketed links and bare web addresses as
 * links opening in a new tab (SPEC section 5); React elements only, so nothing in it is read as HTML.
 */
export function OwnerText({ text }: { text: string }) {
  return <TextWithLinks parts={parseLinkMarkup(text)} />;
}
