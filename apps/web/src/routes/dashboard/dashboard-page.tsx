import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countDocumentsRoute, listDocumentsRoute } from '@signlink/contracts/documents/documents.routes';
import { listDraftsRoute } from '@signlink/contracts/documents/drafts.routes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../../api/session-context.tsx';
import { useApiQuery } from '../../api/use-api-query.ts';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { MaintenanceDashboardNotice } from '../../components/maintenance/maintenance-dashboard-notice.tsx';
import { DashboardSection, DocumentSummaryList } from './dashboard-parts.tsx';
import { QuickActions } from './quick-actions.tsx';

const recentCount = 5;
/** The late list: sent at least 7 days ago and still awaited (SPEC section 9's late warning). */
export const lateListHref = '/sent?status=awaiting-signatures&days=7';

/**
 * /dashboard (SPEC section 2): the welcome, what still awaits signatures with the late warning, the latest sent
 * document, the drafts, and the quick actions.
 */
/**
 * Parties sign, drafts are made and renamed in the editor, documents are sent, all elsewhere: each visit asks again
 * (showing what it had meanwhile) rather than keep the app's 30-second cache and show the lists as they were before.
 */
const freshOnEachVisit = { staleTime: 0 };

export function DashboardPage() {
  const { t } = useTranslation();
  const auth = useSignedInUser();
  const counts = useApiQuery(countDocumentsRoute, {}, { silent: true }, freshOnEachVisit);
  const awaiting = useApiQuery(
    listDocumentsRoute,
    { query: { box: 'sent', status: 'awaiting-signatures', sort: 'latest-activity', pageSize: recentCount } },
    { silent: true },
    freshOnEachVisit,
  );
  const latest = useApiQuery(
    listDocumentsRoute,
    { query: { box: 'sent', sort: 'created', pageSize: 1 } },
    { silent: true },
    freshOnEachVisit,
  );
  const drafts = useApiQuery(listDraftsRoute, {}, { silent: true }, freshOnEachVisit);
  const firstName = auth?.user.Name.split(/\s+/)[0] ?? '';
  const late = counts.data?.Late ?? 0;

  return (
    <DocumentsPage
      title={firstName ? t('dashboard.welcome', { name: firstName }) : t('dashboard.welcomeUnnamed')}
      subtitle={auth ? t('dashboard.actingFor', { account: auth.user.AccountName }) : undefined}
    >
      <MaintenanceDashboardNotice />
      {late > 0 && (
        <Alert
          severity="warning"
          role="note"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={lateListHref}>
              {t('dashboard.showLate')}
            </Button>
          }
        >
          {t('dashboard.lateWarning', { count: late })}
        </Alert>
      )}
      {counts.isError && <FormError error={counts.error} />}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <DashboardSection
            id="awaiting"
            title={t('dashboard.awaiting.title')}
            count={counts.data?.AwaitingSignatures}
            more={{ to: '/sent?status=awaiting-signatures', label: t('dashboard.awaiting.all') }}
          >
            <DocumentSummaryList query={awaiting} empty={t('dashboard.awaiting.none')} />
          </DashboardSection>
          <DashboardSection
            id="latest"
            title={t('dashboard.latest.title')}
            more={{ to: '/sent', label: t('dashboard.latest.all') }}
          >
            <DocumentSummaryList query={latest} empty={t('dashboard.latest.none')} />
          </DashboardSection>
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <QuickActions counts={counts.data} />
          <DashboardSection id="drafts" title={t('dashboard.drafts.title')}>
            {drafts.isError && <FormError error={drafts.error} />}
            {drafts.data && drafts.data.Projects.length === 0 && (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                {t('dashboard.drafts.none')}
              </Typography>
            )}
            {drafts.data && drafts.data.Projects.length > 0 && (
              <Paper variant="outlined">
                <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {drafts.data.Projects.slice(0, recentCount).map((draft) => (
                    <Box
                      component="li"
                      key={draft.Id}
                      sx={{ borderBottom: 1, borderColor: 'divider', '&:last-child': { border: 0 } }}
                    >
                      <Button
                        component={RouterLink}
                        to={`/create/${encodeURIComponent(draft.Id)}`}
                        fullWidth
                        sx={{ justifyContent: 'flex-start', textAlign: 'left', px: 2, py: 1.25 }}
                      >
                        {draft.Title || t('dashboard.drafts.untitled')}
                      </Button>
                    </Box>
                  ))}
                </Stack>
              </Paper>
            )}
          </DashboardSection>
        </Stack>
      </Box>
    </DocumentsPage>
  );
}
