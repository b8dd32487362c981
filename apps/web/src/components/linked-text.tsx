import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { linkify } from '../lib/linkify.ts';

/** A message body with every URL a link that opens in a new tab; elements only, never injected HTML. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part) =>
        part.kind === 'link' ? (
          <Link
            key={part.start}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {part.href}
          </Link>
        ) : (
          <Fragment key={part.start}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
