import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isOpenStatus } from '@signlink/contracts/documents/document-status';
import { findDocumentRoute } from '@signlink/contracts/documents/documents.routes';
import { listDocumentFormsRoute } from '@signlink/contracts/links/form-approval.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createDocumentsApi, type DocumentDetail, type DocumentParty } from '../../api/documents-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { availableActions } from '../../components/documents/document-actions.ts';
import { DocumentActionsMenu } from '../../components/documents/document-actions-menu.tsx';
import { DocumentStatusChip, LateChip } from '../../components/documents/document-status-chip.tsx';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { HistoryTimeline } from '../../components/documents/history-timeline.tsx';
import { ShareDialog } from '../../components/documents/share-dialog.tsx';
import { useDocumentActions } from '../../components/documents/use-document-actions.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { ContactDetailsDialog } from './contact-details-dialog.tsx';
import { AccessLevelSwitch, DocumentFacts } from './document-facts.tsx';
import { FormSubmissions } from './form-submissions.tsx';
import { OverviewSection } from './overview-section.tsx';
import { PartyList } from './party-list.tsx';
import { RecipientAttachments } from './recipient-attachments.tsx';

/** /document/{id} (SPEC section 2): the document's state, its parties, its history, and what can be done to it. */
export function DocumentOverviewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useApiQuery(findDocumentRoute, { params: { id } }, { silent: true }, { retry: false });
  if (detail.isPending) {
    return (
      <DocumentsPage title={t('routes.document')}>
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      </DocumentsPage>
    );
  }
  if (detail.isError) {
    return (
      <DocumentsPage title={t('routes.document')}>
        <FormError error={detail.error} />
        <Button sx={{ mt: 2 }} component={RouterLink} to="/sent">
          {t('overview.backToSent')}
        </Button>
      </DocumentsPage>
    );
  }
  return <Overview document={detail.data} onDeleted={() => navigate('/sent', { replace: true })} />;
}

/** The actions the overview shows as buttons of their own, with their labels; the rest stay in the menu. */
const buttonLabelKeys = {
  remind: 'overview.remindAll',
  share: 'documents.actions.share',
  'download-sealed': 'overview.downloadSealed',
  'download-audit-trail': 'overview.downloadAuditTrail',
} as const;
const buttonActions = Object.keys(buttonLabelKeys) as (keyof typeof buttonLabelKeys)[];

function Overview({ document, onDeleted }: { document: DocumentDetail; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const api = createDocumentsApi(useApiClient());
  const [sharing, setSharing] = useState(false);
  const [correcting, setCorrecting] = useState<DocumentParty | null>(null);
  const { run, change, notify, feedback, busy } = useDocumentActions({ onDeleted, onShare: () => setSharing(true) });
  const forms = useApiQuery(listDocumentFormsRoute, { params: { id: document.Id } }, { silent: true });
  const actions = availableActions(document);
  const isOpen = isOpenStatus(document.Status);
  const remindOne = (party: DocumentParty) =>
    void change(() => api.sendReminders(document.Id, [party.Id]), t('overview.parties.reminded', { name: party.Name }));
  const buttons = buttonActions.filter((action) => actions.includes(action));

  return (
    <DocumentsPage
      title={document.Name}
      subtitle={
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <DocumentStatusChip status={document.Status} size="medium" />
          {document.IsLate && <LateChip />}
          {document.Handled && <Chip size="small" variant="outlined" label={t('documents.handled')} />}
          {document.Archived && <Chip size="small" variant="outlined" label={t('documents.archivedFlag')} />}
          <Typography component="span" variant="body2" color="text.secondary">
            {document.Sent
              ? t('overview.sentAt', { date: formatDateTime(document.Sent, i18n.language) })
              : t('overview.createdAt', { date: formatDateTime(document.Created, i18n.language) })}
            {!document.IsOwn && ` · ${t('documents.row.owner', { name: document.Owner.Name })}`}
          </Typography>
        </Stack>
      }
      actions={
        <>
          {buttons.map((action) => (
            <Button
              key={action}
              variant={action === 'remind' || action === 'download-sealed' ? 'contained' : 'outlined'}
              disabled={busy}
              onClick={() => void run(action, document)}
            >
              {t(buttonLabelKeys[action])}
            </Button>
          ))}
          {document.CanManage && (
            <Button
              variant="outlined"
              component={RouterLink}
              to={`/document/${encodeURIComponent(document.Id)}/assistant`}
            >
              {t('assistantSettings.openAction')}
            </Button>
          )}
          <DocumentActionsMenu
            document={document}
            exclude={['open', ...buttons]}
            onAction={(action) => void run(action, document)}
            disabled={busy}
          />
        </>
      }
    >
      {document.Status === 'error' && (
        // Issue 7, part 5: sealing gave up after its retries; say so plainly rather than leave it "processing".
        <Alert
          severity="error"
          role="note"
          sx={{ mb: 3 }}
          action={
            document.CanManage && (
              <Button
                color="inherit"
                size="small"
                disabled={busy}
                onClick={() => void change(() => api.retrySeal(document.Id), t('overview.sealError.retried'))}
              >
                {t('overview.sealError.retry')}
              </Button>
            )
          }
        >
          <AlertTitle>{t('overview.sealError.title')}</AlertTitle>
          {t(document.CanManage ? 'overview.sealError.message' : 'overview.sealError.messageCannotManage')}
        </Alert>
      )}
      {document.IsLate && (
        // A standing fact of the page, not news: a note, so screen readers do not interrupt with it on load.
        <Alert severity="warning" role="note" sx={{ mb: 3 }}>
          {t('overview.lateWarning')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <OverviewSection id="overview-parties" title={t('overview.parties.title')}>
            <PartyList
              parties={document.Parties}
              isOpen={isOpen}
              canManage={document.CanManage}
              busy={busy}
              onRemind={remindOne}
              onCorrect={setCorrecting}
            />
          </OverviewSection>
          <FormSubmissions document={document} forms={forms} busy={busy} change={change} />
          <RecipientAttachments documentId={document.Id} />
          <OverviewSection id="overview-history" title={t('history.title')}>
            <HistoryTimeline events={document.History} headingId="overview-history" />
          </OverviewSection>
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <OverviewSection id="overview-access" title={t('overview.access.title')}>
            <AccessLevelSwitch
              document={document}
              busy={busy}
              onChange={(level) =>
                void change(
                  () => api.setAccessLevel(document.Id, level),
                  t(level === 'shared' ? 'overview.access.nowShared' : 'overview.access.nowPrivate'),
                )
              }
            />
          </OverviewSection>
          <OverviewSection id="overview-facts" title={t('overview.facts')}>
            <DocumentFacts document={document} />
          </OverviewSection>
        </Stack>
      </Box>
      {feedback}
      {sharing && <ShareDialog document={document} onClose={() => setSharing(false)} />}
      {correcting && (
        <ContactDetailsDialog
          documentId={document.Id}
          party={correcting}
          onClose={() => setCorrecting(null)}
          onSaved={() => {
            setCorrecting(null);
            void notify(t('overview.contact.saved', { name: correcting.Name }));
          }}
        />
      )}
    </DocumentsPage>
  );
}
