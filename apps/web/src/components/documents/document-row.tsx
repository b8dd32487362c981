import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DocumentSummary } from '../../api/documents-api.ts';
import type { DocumentAction } from './document-actions.ts';
import { DocumentActionsMenu } from './document-actions-menu.tsx';
import { DocumentStatusChip, LateChip } from './document-status-chip.tsx';
import { formatDate } from './format-date.ts';
import { PartyStates } from './party-states.tsx';

/** One document in a list: its name (to the overview), status and flags, when, who signed, and its actions. */
export function DocumentRow({
  document,
  divider,
  onAction,
  disabled,
}: {
  document: DocumentSummary;
  divider: boolean;
  onAction: (action: DocumentAction, document: DocumentSummary) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const when = document.Sent
    ? t('documents.row.sent', { date: formatDate(document.Sent, i18n.language) })
    : t('documents.row.created', { date: formatDate(document.Created, i18n.language) });
  return (
    <ListItem divider={divider} sx={{ alignItems: 'flex-start', gap: 1, py: 1.5 }}>
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/document/${encodeURIComponent(document.Id)}`}
          underline="hover"
          sx={{ fontWeight: 600, fontSize: '1.02rem', overflowWrap: 'anywhere' }}
        >
          {document.Name}
        </Link>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.75 }}>
          <DocumentStatusChip status={document.Status} />
          {document.IsLate && <LateChip />}
          {document.Handled && <Chip size="small" variant="outlined" label={t('documents.handled')} />}
          <Typography variant="body2" color="text.secondary">
            {when}
            {' · '}
            {t('documents.row.signedCount', { signed: document.SignedCount, total: document.PartyCount })}
            {!document.IsOwn && ` · ${t('documents.row.owner', { name: document.Owner.Name })}`}
          </Typography>
        </Stack>
        {document.Parties.length > 0 && (
          <Box sx={{ mt: 1 }}>
            <PartyStates parties={document.Parties} />
          </Box>
        )}
      </Box>
      <DocumentActionsMenu document={document} onAction={(action) => onAction(action, document)} disabled={disabled} />
    </ListItem>
  );
}
