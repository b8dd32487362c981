import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { parseLinkMarkup } from '../lib/link-markup.ts';

/**
 * Text an owner wrote (a consent message, a document's messages) with its bracketed links and bare web addresses as
 * links opening in a new tab (SPEC section 5); React elements only, so nothing in it is read as HTML.
 */
export function OwnerText({ text }: { text: string }) {
  return (
    <>
      {parseLinkMarkup(text).map((part) =>
        part.kind === 'link' ? (
          <Link
            key={part.start}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {part.label}
          </Link>
        ) : (
          <Fragment key={part.start}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
