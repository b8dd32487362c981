import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Where to hold the document or the face in the camera's picture: an ID card's proportions (ISO/IEC 7810 ID-1,
 * 85.6 × 54 mm) or an oval, the rest dimmed. Drawn over the video; it takes no clicks.
 */
export function FramingGuide({ shape }: { shape: 'card' | 'oval' }) {
  const { t } = useTranslation();
  const isCard = shape === 'card';
  return (
    <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', display: 'grid', placeItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: isCard ? '86%' : '55%',
          aspectRatio: isCard ? '85.6 / 54' : '3 / 4',
          borderRadius: isCard ? 2 : '50%',
          border: 3,
          borderColor: 'primary.light',
          // The dimmed surround: a shadow far larger than the picture.
          boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.45)',
        }}
      />
      <Typography
        variant="caption"
        // On its own dark plate: the picture behind it is anything from a white card to a dark room.
        sx={{
          position: 'absolute',
          bottom: 8,
          left: 8,
          right: 8,
          mx: 'auto',
          width: 'fit-content',
          px: 1,
          py: 0.5,
          borderRadius: 1,
          textAlign: 'center',
          color: 'common.white',
          bgcolor: 'rgba(0, 0, 0, 0.72)',
        }}
      >
        {isCard ? t('idScan.photo.cardGuide') : t('idScan.photo.faceGuide')}
      </Typography>
    </Box>
  );
}
