import Link from '@mui/material/Link';
import { Fragment } from 'react';
import type { MarkupPart } from '../lib/link-markup.ts';
import { linkify } from '../lib/linkify.ts';

/** Text and links, each link opening in a new tab; elements only, never injected HTML. */
export function TextWithLinks({ parts }: { parts: readonly MarkupPart[] }) {
  return (
    <>
      {parts.map((part) =>
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

/** A message body as received (the dev mailbox), with every URL a link: no markup of the owner's is read in it. */
export function LinkedText({ text }: { text: string }) {
  return (
    <TextWithLinks parts={linkify(text).map((part) => (part.kind === 'link' ? { ...part, label: part.href } : part))} />
  );
}
