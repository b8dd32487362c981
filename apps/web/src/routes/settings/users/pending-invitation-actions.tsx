import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** A list's date, with non-breaking hyphens: a Swedish date (2026-11-23) must not wrap in the middle on a narrow line. */
export function formatListDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language).replaceAll('-', '\u2011');
}

/**
 * A pending invitation's two actions, user or customer alike: send the e-mail again (at most once an hour; the server
 * answers 429 sooner) and revoke it. Each list decides what revoking asks first.
 */
export function PendingInvitationActions({
  email,
  onRemind,
  onRevoke,
}: {
  email: string;
  onRemind: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1}>
      <Button onClick={onRemind} aria-label={t('users.invitations.remindFor', { email })}>
        {t('users.invitations.remind')}
      </Button>
      <Button color="error" onClick={onRevoke} aria-label={t('users.invitations.revokeFor', { email })}>
        {t('users.invitations.revoke')}
      </Button>
    </Stack>
  );
}
