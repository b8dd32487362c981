import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { useTranslation } from 'react-i18next';

export interface RecipientDocumentProps {
  linkId: string;
  access: LinkAccessResponse;
  /** The RequestToken expired (SESSION_EXPIRED): the page takes the person back through the gate. */
  onAccessExpired: () => void;
}

/**
 * What the recipient sees once past the gate (issue 8, parts 5, 6 and 9): the document with its fields, the signing
 * of this person's slots, then the progress to the sealed PDF.
 */
export function RecipientDocument({ access }: RecipientDocumentProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 2, py: 3 }}>
      {access.Documents.map((file) => (
        <Typography key={file.Code} variant="h2" component="h1" sx={{ fontSize: '1.25rem' }}>
          {file.Title}
        </Typography>
      ))}
      <Typography color="text.secondary">{t('states.loading')}</Typography>
    </Box>
  );
}
