import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { isLocale } from '@signlink/contracts/locales';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import type { ErrorPageProps } from '../../components/full-page/error-page.tsx';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';
import { LoadingPage } from '../../components/full-page/loading-page.tsx';
import { languageStorageKey } from '../../i18n/language-store.ts';
import { linkIdParam } from '../../lib/entry-redirect.ts';
import { focusMainHeadingWhenShown } from '../../lib/focus-main-heading.ts';
import { GateDialogFooter } from './gate/gate-dialog-footer.tsx';
import { isInternetExplorer, type LinkFailure } from './gate/gate-machine.ts';
import { createLinkGateApi } from './gate/link-gate-api.ts';
import { useGateMachine } from './gate/use-gate-machine.ts';
import { RecipientClosedPage, RecipientErrorPage } from './recipient-full-pages.tsx';
import { RecipientLayout } from './recipient-layout.tsx';
import { loadPdfCanvas } from './viewer/page-canvas-context.tsx';

// Each loads only when the link needs it: the owner's consent message, the old-browser warning, the phone check's
// metadata, BankID's QR code, the viewer with pdf.js.
const ConsentDialog = lazy(() => import('./gate/consent-dialog.tsx').then((m) => ({ default: m.ConsentDialog })));
const OldBrowserDialog = lazy(() =>
  import('./gate/old-browser-dialog.tsx').then((m) => ({ default: m.OldBrowserDialog })),
);
const CodeGateDialog = lazy(() => import('./gate/code-gate-dialog.tsx').then((m) => ({ default: m.CodeGateDialog })));
const BankIdGateDialog = lazy(() => import('./gate/bankid-gate-dialog.tsx'));
// A public link's start: only its visitors load it.
const VisitStart = lazy(() => import('./visit/visit-start.tsx').then((m) => ({ default: m.VisitStart })));
const loadDocument = () => import('./signing/recipient-document.tsx').then((m) => ({ default: m.RecipientDocument }));
const RecipientDocument = lazy(loadDocument);

/** SPEC section 7's visit count: once per page load and link, whatever React re-mounts. */
const countedLinks = new Set<string>();

const failurePages: Record<LinkFailure, Pick<ErrorPageProps, 'titleKey' | 'messageKey' | 'canReload'>> = {
  incorrect: { messageKey: messageKeyOf('INVALID_LINK') },
  // The owner's act: reloading would only say it again.
  recalled: { titleKey: 'app:recipient.recalledTitle', messageKey: messageKeyOf('LINK_RECALLED'), canReload: false },
  withdrawn: {
    titleKey: 'app:recipient.withdrawnTitle',
    messageKey: messageKeyOf('DOCUMENT_WITHDRAWN'),
    canReload: false,
  },
  accessFailed: { titleKey: 'app:recipient.accessFailedTitle', messageKey: messageKeyOf('ACCESS_FAILED') },
};

/** The visit's own link, in place of the public link's (back does not start another visit): its gate runs next. */
function openVisit(target: Window, code: string) {
  target.location.replace(`#/?${linkIdParam}=${encodeURIComponent(code)}`);
}

/**
 * One link's page: its details, the gate of SPEC section 4 (gate-machine.ts), then the document. Failures are the
 * full-page error dialog; after close, "you can now close this window".
 */
export function RecipientGatePage({ linkId }: { linkId: string }) {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const api = useMemo(() => createLinkGateApi(client, linkId), [client, linkId]);
  const isIe = useMemo(() => isInternetExplorer(navigator.userAgent), []);
  const { machine, state } = useGateMachine(api, isIe);

  useEffect(() => {
    if (countedLinks.has(linkId)) return;
    countedLinks.add(linkId);
    api.countVisit(isIe);
    // The document follows right after the gate: fetch its chunk and pdf.js (with its worker) while the details and
    // access load or the person reads and types.
    // A prefetch that fails (offline, or a test page without pdf.js's DOM) is retried by the lazy component that
    // needs it, which shows the viewer's own error; here it must not become an unhandled rejection.
    loadDocument().catch(() => {});
    loadPdfCanvas().catch(() => {});
  }, [api, linkId, isIe]);

  // The document's language, unless the person has chosen one on this device.
  const language = state?.details?.Language;
  useEffect(() => {
    if (language && isLocale(language) && !window.localStorage.getItem(languageStorageKey)) {
      void i18n.changeLanguage(language);
    }
  }, [language, i18n]);

  if (!machine || !state || state.phase === 'details') return <LoadingPage />;
  const owner = state.details?.OwnerData;
  if (state.phase === 'failed' || !state.details || !owner) {
    return (
      <RecipientErrorPage
        {...failurePages[state.failure ?? 'incorrect']}
        requestId={state.requestId}
        ownerLogoUrl={owner?.LogoUrl}
      />
    );
  }
  if (state.phase === 'closed') return <RecipientClosedPage ownerLogoUrl={owner.LogoUrl} />;

  const { details, phase } = state;
  const opening = (
    <FullPageMessage visual={<CircularProgress size={40} />} title={details.LinkName}>
      {t('recipient.opening', { name: details.LinkName })}
    </FullPageMessage>
  );
  let content = opening;
  if (phase === 'open' && state.access) {
    content = (
      <Suspense fallback={opening}>
        <RecipientDocument linkId={linkId} access={state.access} onAccessExpired={() => machine.accessExpired()} />
      </Suspense>
    );
  } else if (phase === 'publicLink') {
    content = (
      <Suspense fallback={opening}>
        <VisitStart
          linkId={linkId}
          details={details}
          onStarted={(code) => openVisit(window, code)}
          onLinkFailed={(error) => machine.failVisit(error)}
        />
      </Suspense>
    );
  } else if (phase === 'consentDeclined') {
    content = (
      <FullPageMessage
        visual={<PageSymbol tone="warning">!</PageSymbol>}
        title={t('recipient.consent.declinedTitle')}
        actions={
          <Button variant="contained" onClick={() => machine.reviewConsent()}>
            {t('recipient.consent.readAgain')}
          </Button>
        }
      >
        {t('recipient.consent.declinedMessage')}
      </FullPageMessage>
    );
  }

  // Past the gate, focus goes to the document's heading: the dialog that held it is gone.
  const grant = (access: Parameters<typeof machine.grantAccess>[0]) => {
    machine.grantAccess(access);
    focusMainHeadingWhenShown(document);
  };
  const gateFooter = <GateDialogFooter ownerPrivacyUrl={owner.PrivacyUrl} companyName={owner.CompanyName} />;
  return (
    <RecipientLayout
      ownerLogoUrl={owner.LogoUrl}
      companyName={owner.CompanyName}
      ownerPrivacyUrl={owner.PrivacyUrl}
      onClose={phase === 'open' ? () => machine.close() : undefined}
    >
      {content}
      <Suspense fallback={null}>
        {owner.ConsentMessage && (
          <ConsentDialog
            open={phase === 'consent' && state.isConsentOpen}
            message={owner.ConsentMessage}
            companyName={owner.CompanyName}
            onAccept={() => machine.acceptConsent()}
            onDecline={() => machine.declineConsent()}
            footer={gateFooter}
          />
        )}
        {phase === 'oldBrowser' && (
          <OldBrowserDialog
            download={state.download}
            downloadUrl={state.downloadUrl}
            onDownload={() => machine.downloadStarted()}
            footer={gateFooter}
          />
        )}
        {phase === 'bankid' && (
          <BankIdGateDialog linkId={linkId} openAccess={api.openAccess} onAccess={grant} footer={gateFooter} />
        )}
        {(phase === 'sms' || phase === 'email') && (
          <CodeGateDialog
            channel={phase}
            api={api}
            masked={phase === 'sms' ? details.PhoneNumberMasked : details.EmailAddressMasked}
            needsEmailToo={phase === 'sms' && details.RequireEmail && !details.EmailAddressMasked}
            onAccess={grant}
            footer={gateFooter}
          />
        )}
      </Suspense>
    </RecipientLayout>
  );
}
