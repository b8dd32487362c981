import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { useSearchParams } from 'react-router';
import { linkIdParam } from '../../lib/entry-redirect.ts';
import { normaliseLinkId } from '../../lib/link-id.ts';
import { RecipientErrorPage } from './recipient-full-pages.tsx';
import { RecipientGatePage } from './recipient-gate-page.tsx';

/**
 * The recipient's document view (route `/`, the link id in the query), the page most people see, so its chunk stays
 * small: no editor, no account code; the access dialogs and the document load as their own chunks when needed.
 */
export function RecipientPage() {
  const [params] = useSearchParams();
  const linkId = normaliseLinkId(params.get(linkIdParam));
  if (!linkId) return <RecipientErrorPage messageKey={messageKeyOf('INVALID_LINK')} />;
  // A new link id is a new page: nothing of the previous link's gate carries over.
  return <RecipientGatePage key={linkId} linkId={linkId} />;
}
