import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { InAppBrowserNotice } from '../../components/browsers/in-app-browser-notice.tsx';
import { linkIdParam } from '../../lib/entry-redirect.ts';
import { normaliseLinkId } from '../../lib/link-id.ts';
import { RecipientErrorPage } from './recipient-full-pages.tsx';
import { RecipientGatePage } from './recipient-gate-page.tsx';

/**
 * The recipient's document view (route `/`, the link id in the query `search`), the page most people see, so its
 * chunk stays small: no editor, no account code, no router (a link opens it without the rest of the app,
 * recipient-app.tsx); the access dialogs and the document load as their own chunks when needed.
 */
export function RecipientPage({ search }: { search: string }) {
  const linkId = normaliseLinkId(new URLSearchParams(search).get(linkIdParam));
  if (!linkId) return <RecipientErrorPage messageKey={messageKeyOf('INVALID_LINK')} />;
  // A new link id is a new page: nothing of the previous link's gate carries over. The in-app browser warning comes
  // after the gate so that it shows above the gate's own dialogs.
  return (
    <>
      <RecipientGatePage key={linkId} linkId={linkId} />
      <InAppBrowserNotice />
    </>
  );
}
