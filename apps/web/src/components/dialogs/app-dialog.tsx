import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { uiSizes } from '@signlink/contracts/constants';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../close-icon.tsx';

export interface AppDialogProps {
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** Shows the close button and allows Escape and a click outside; omitted, the dialog can only be left by its actions. */
  onClose?: () => void;
  open?: boolean;
  /** Fills a phone's screen: for wizards with several fields, which a small floating box would cramp. */
  isFullScreenOnPhone?: boolean;
}

/** The frame every dialog shares: SPEC section 9's z-index (above any embedded viewer) and minimum height. */
export function AppDialog({ title, children, actions, onClose, open = true, isFullScreenOnPhone }: AppDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose ? () => onClose() : undefined}
      fullScreen={Boolean(isFullScreenOnPhone) && isPhone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={title ? titleId : undefined}
      sx={{ zIndex: uiSizes.dialogZIndex }}
      slotProps={{ paper: { sx: { minHeight: uiSizes.dialogMinHeight, display: 'flex', flexDirection: 'column' } } }}
    >
      {title && (
        <DialogTitle id={titleId} sx={{ pr: onClose ? 7 : 3 }}>
          {title}
        </DialogTitle>
      )}
      {onClose && (
        <IconButton
          aria-label={t('common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8, color: 'text.secondary' }}
        >
          <CloseIcon />
        </IconButton>
      )}
      <DialogContent sx={{ flex: '1 1 auto' }}>{children}</DialogContent>
      {actions && <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>}
    </Dialog>
  );
}
