import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { useTranslation } from 'react-i18next';
import type { GuideTarget } from '../viewer/next-field.ts';

interface GuideBarProps {
  slots: readonly LinkSignatureSlot[];
  next: GuideTarget | undefined;
  /** A sentence for the person, such as which required field is missing; read out when it changes. */
  notice: string | null;
  onNext: () => void;
}

/**
 * The bottom bar of the guided flow (issue 8 part 5): how many of this person's signatures are done and one button
 * that takes them to the next required field, then to the next place to sign. Within thumb reach on a phone.
 */
export function GuideBar({ slots, next, notice, onNext }: GuideBarProps) {
  const { t } = useTranslation();
  const mine = slots.filter((slot) => slot.access);
  const signedCount = mine.filter((slot) => slot.signed).length;
  if (mine.length === 0) return null;
  const label = !next
    ? null
    : next.kind === 'fill'
      ? t('recipientDocument.guide.nextField')
      : t('recipientDocument.guide.nextSignature');
  return (
    <Paper
      elevation={6}
      square
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        px: 2,
        py: 1.25,
        pb: 'calc(10px + env(safe-area-inset-bottom))',
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {signedCount === mine.length
            ? t('recipientDocument.guide.allSigned')
            : t('recipientDocument.guide.progress', { signed: signedCount, total: mine.length })}
        </Typography>
        <Typography variant="caption" color="error" role="status" aria-live="polite" sx={{ display: 'block' }}>
          {notice ?? ''}
        </Typography>
      </Box>
      {label && (
        <Button variant="contained" size="large" onClick={onNext} sx={{ flex: '0 0 auto', whiteSpace: 'nowrap' }}>
          {label}
        </Button>
      )}
    </Paper>
  );
}
