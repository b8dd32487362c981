import Chip from '@mui/material/Chip';
import SvgIcon from '@mui/material/SvgIcon';
import type { DevMessage } from '@signlink/contracts/messaging/dev-messages';
import { useTranslation } from 'react-i18next';

// Material glyphs drawn inline, as close-icon.tsx does: the icon package is not a dependency for three shapes.
const glyphs: Record<DevMessage['channel'], string> = {
  email: 'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 4-8 5-8-5V6l8 5 8-5z',
  sms: 'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M9 11H7V9h2zm4 0h-2V9h2zm4 0h-2V9h2z',
  whatsapp:
    'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M6 9h12v2H6zm8 5H6v-2h8zm4-6H6V6h12z',
};

/** E-mail, SMS or WhatsApp, with its symbol. */
export function ChannelChip({ channel }: { channel: DevMessage['channel'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={channel === 'email' ? 'primary' : 'secondary'}
      icon={
        <SvgIcon aria-hidden>
          <path d={glyphs[channel]} />
        </SvgIcon>
      }
      label={t(`devMailbox.channels.${channel}`)}
    />
  );
}

/** A text's delivery status as the Twilio simulator last reported it; an unknown one is shown as it came. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const failed = status === 'undelivered' || status === 'failed';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={failed ? 'error' : status === 'delivered' ? 'success' : 'default'}
      label={t(`devMailbox.statuses.${status}`, { defaultValue: status })}
    />
  );
}
