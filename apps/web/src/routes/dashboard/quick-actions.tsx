import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DocumentsCount } from '../../api/documents-api.ts';
import { DashboardSection } from './dashboard-parts.tsx';

/** SPEC section 2's quick actions: start a document, or open one of the lists (with how many it holds). */
export function QuickActions({ counts }: { counts: DocumentsCount | undefined }) {
  const { t } = useTranslation();
  const items = [
    { to: '/create', label: t('nav.newDocument'), count: undefined },
    { to: '/sent', label: t('nav.sent'), count: counts?.Sent },
    { to: '/inbox', label: t('nav.inbox'), count: counts?.Inbox },
    { to: '/archived', label: t('nav.archived'), count: counts?.Archived },
    { to: '/templates', label: t('nav.templates'), count: undefined },
    { to: '/links', label: t('nav.links'), count: undefined },
  ];
  return (
    <DashboardSection id="quick" title={t('dashboard.quickActions')}>
      <Paper variant="outlined" sx={{ p: 1 }}>
        <Stack component="nav" aria-label={t('dashboard.quickActions')}>
          {items.map((item) => (
            <Button
              key={item.to}
              component={RouterLink}
              to={item.to}
              sx={{ justifyContent: 'space-between', px: 1.5, py: 1 }}
              endIcon={item.count !== undefined ? <span aria-hidden="true">{item.count}</span> : undefined}
            >
              {item.label}
            </Button>
          ))}
        </Stack>
      </Paper>
    </DashboardSection>
  );
}
