import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { ActiveContentKind } from '@signlink/contracts/documents/active-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tells the sender what upload removed from the open file (scripts, links to the web, embedded files, ...): the
 * parties get the cleaned file, so the sender should know it differs from theirs before sending it.
 */
export function RemovedContentNotice({ removed }: { removed: readonly ActiveContentKind[] }) {
  const { t } = useTranslation();
  const [isDismissed, setIsDismissed] = useState(false);
  if (removed.length === 0 || isDismissed) return null;
  return (
    <Alert severity="info" onClose={() => setIsDismissed(true)} sx={{ borderRadius: 0 }}>
      <AlertTitle>{t('editor.removedContent.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {removed.map((kind) => (
          <li key={kind}>{t(`editor.removedContent.kinds.${kind}`)}</li>
        ))}
      </Box>
      {t('editor.removedContent.hint')}
    </Alert>
  );
}
