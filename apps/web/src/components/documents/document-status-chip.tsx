import Chip, { type ChipProps } from '@mui/material/Chip';
import { type DocumentStatus, documentStatuses } from '@signlink/contracts/documents/document-status';
import { useTranslation } from 'react-i18next';

/**
 * SPEC section 4's statuses (issue 6, part 9), each with one label and one colour: lists, overview, dashboard and
 * report all show a status through this component, so they never disagree. Waiting is blue, waiting for money
 * amber, done green, failure red, ended grey.
 */
export const statusColours: Record<DocumentStatus, NonNullable<ChipProps['color']>> = {
  draft: 'default',
  'awaiting-signatures': 'info',
  'awaiting-signatures-and-payment': 'info',
  'awaiting-payment': 'warning',
  processing: 'secondary',
  signed: 'success',
  'signed-and-paid': 'success',
  error: 'error',
  submitted: 'primary',
  expired: 'default',
  withdrawn: 'default',
};

/** Every status has its label key `status.<status>`; the record makes a new status a type error until it has one. */
export const statusLabelKeys: Record<DocumentStatus, `status.${DocumentStatus}`> = Object.fromEntries(
  documentStatuses.map((status) => [status, `status.${status}`]),
) as Record<DocumentStatus, `status.${DocumentStatus}`>;

export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: DocumentStatus) => t(statusLabelKeys[status]);
}

export function DocumentStatusChip({ status, size = 'small' }: { status: DocumentStatus; size?: ChipProps['size'] }) {
  const label = useStatusLabel();
  const ended = status === 'expired' || status === 'withdrawn';
  return (
    <Chip
      label={label(status)}
      color={statusColours[status]}
      variant={ended ? 'outlined' : 'filled'}
      size={size}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** SPEC section 9: 7 days after sending, still awaiting signatures. */
export function LateChip() {
  const { t } = useTranslation();
  return <Chip label={t('documents.late')} color="warning" variant="outlined" size="small" />;
}
